/*
 * sRGB (8-bit) to CIELAB under D65, for whole images: the garment check converts every pixel of a
 * photo, where a per-pixel library call allocating objects costs more than the rest of the check.
 * The formulas are the CIE's (the same as culori's `lab65`, which the tests compare against).
 */

export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** sRGB byte to linear light, looked up. */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
// D65 reference white, as culori's lab65.
const WHITE = { x: 0.3127 / 0.329, y: 1, z: (1 - 0.3127 - 0.329) / 0.329 };
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;
const f = (t: number) => (t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116);

export function labOfRgb(r: number, g: number, b: number): Lab {
  const out = new Float64Array(3);
  labInto(out, 0, r, g, b);
  return { l: out[0] ?? 0, a: out[1] ?? 0, b: out[2] ?? 0 };
}

/** Writes the Lab of an sRGB byte triple at `at` of `out` (L, a, b): no object per pixel. */
export function labInto(
  out: Float32Array | Float64Array,
  at: number,
  r: number,
  g: number,
  b: number,
) {
  const lr = LINEAR[r] ?? 0;
  const lg = LINEAR[g] ?? 0;
  const lb = LINEAR[b] ?? 0;
  const x = (0.4123907992659593 * lr + 0.357584339383878 * lg + 0.1804807884018343 * lb) / WHITE.x;
  const y = (0.2126390058715102 * lr + 0.715168678767756 * lg + 0.0721923153093447 * lb) / WHITE.y;
  const z = (0.0193308187155918 * lr + 0.119194779794626 * lg + 0.9505321522496606 * lb) / WHITE.z;
  const fy = f(y);
  out[at] = 116 * fy - 16;
  out[at + 1] = 500 * (f(x) - fy);
  out[at + 2] = 200 * (fy - f(z));
}

/** ΔE76 between the Lab at pixel `i` of `a` and pixel `j` of `b` (three values per pixel). */
export const labDistance = (a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number) =>
  Math.hypot(
    (a[i * 3] ?? 0) - (b[j * 3] ?? 0),
    (a[i * 3 + 1] ?? 0) - (b[j * 3 + 1] ?? 0),
    (a[i * 3 + 2] ?? 0) - (b[j * 3 + 2] ?? 0),
  );
