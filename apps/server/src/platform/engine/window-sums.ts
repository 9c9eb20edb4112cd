/**
 * Sums of `values` (a width × height plane) over a window of `radius` pixels either side of each
 * pixel along its row (`horizontal`) or column, the window cut at the plane's edges: one running
 * sum per line. What a box blur and a square erosion or dilation are made of.
 */
export function windowSums(
  values: ArrayLike<number>,
  width: number,
  height: number,
  radius: number,
  horizontal: boolean,
): Float32Array {
  const out = new Float32Array(width * height);
  const [lines, length] = horizontal ? [height, width] : [width, height];
  const at = (line: number, k: number) => (horizontal ? line * width + k : k * width + line);
  for (let line = 0; line < lines; line++) {
    let sum = 0;
    for (let k = -radius; k < length; k++) {
      const add = k + radius;
      if (add < length) sum += values[at(line, add)] ?? 0;
      const drop = k - radius - 1;
      if (drop >= 0) sum -= values[at(line, drop)] ?? 0;
      if (k >= 0) out[at(line, k)] = sum;
    }
  }
  return out;
}
