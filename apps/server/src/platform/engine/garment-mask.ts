import { withImageDecode } from '../images/process-image';
import { labDistance, labInto, type Lab } from './lab';
import { orientedImage } from './shared';
import { fillEnclosedHoles, resizeMask, type SubjectMask } from './video-layers';
import { windowSums } from './window-sums';

/*
 * The garment, and only the garment, in a product shot or a worn photo (issue 31, ADR 055). Three
 * steps, each cheap enough to run on every output:
 *
 * 1. The foreground: a cut-out's own transparency; else the backdrop, found by growing it from the
 *    image's border over small colour steps (a studio sweep or a plain wall, what product shots and
 *    try-on results are taken on); else, when the backdrop is not plain, the engine's
 *    segmentation model.
 * 2. The wearer taken out of a worn photo: skin (the YCbCr skin range of Chai and Ngan, 1999) and
 *    hair (dark and near-neutral). When the garment's own colours are known (the result side of a
 *    check), a pixel close to one of them is the garment whatever its colour says, so a beige or a
 *    black garment is not taken for skin or hair.
 * 3. Other garments: in a worn photo, only the rows where the asked part is worn (tops from the
 *    shoulders to the hips, bottoms from the waist down) are kept, except pixels of the garment's
 *    own colours, which are kept wherever they are (a cropped half-body shot moves the rows).
 */

/** What part of an outfit a check looks at: a try-on's category, or `auto` for the whole outfit. */
export type GarmentPart = 'tops' | 'bottoms' | 'one-pieces' | 'auto';
/** Whether an image shows the garment worn: `auto` decides from how much skin it shows. */
export type Worn = 'yes' | 'no' | 'auto';

/** Finds the foreground of a photo: the engine's segmentation model in production. */
export type Segmenter = (image: Buffer) => Promise<SubjectMask>;

export interface MaskOptions {
  part: GarmentPart;
  worn: Worn;
  /** The garment's colours when known: pixels near one of them are kept as garment. */
  guide?: readonly Lab[] | undefined;
}

/** An image's pixels in Lab and its garment mask (1 = garment), at WORK_EDGE. */
export interface GarmentMask {
  width: number;
  height: number;
  lab: Float32Array;
  mask: Uint8Array;
  /** How the foreground was found (for the evaluation's report and the tests). */
  foreground: 'alpha' | 'backdrop' | 'model';
}

/** Long edge the mask is found at: a garment spans a few hundred pixels, enough for its print. */
export const WORK_EDGE = 512;
const OPAQUE = 128;
/** Largest ΔE76 step between neighbouring backdrop pixels: a sweep's gradient and JPEG noise. */
const BACKDROP_STEP = 2.5;
/** A border pixel within this ΔE76 of a corner's colour seeds the backdrop. */
const BACKDROP_SEED = 12;
/** Farthest (ΔE76) a backdrop pixel may lie from the backdrop's fitted colour at its place. */
const BACKDROP_DRIFT = 4;
/** A plain backdrop covers at least this share of the border and of the image. */
const BACKDROP_MIN_BORDER = 0.75;
const BACKDROP_MIN_AREA = 0.15;
/**
 * Within this distance of a garment colour (ΔE76 with lightness weighed half, since light moves
 * it; not ΔE00, which shrinks chroma differences so far that skin sits near an orange garment),
 * a pixel is the garment's: 20 keeps a garment recoloured by ΔE00 10 inside.
 */
const GUIDE_TOLERANCE = 20;
/** Radius (pixels at WORK_EDGE) of the opening that keeps only blobs of skin and hair. */
const WEARER_OPENING = 2;
/** Radius of the opening that clears the garment mask of thin lines. */
const OUTLINE_OPENING = 2;
/** A photo whose foreground is 3–45 % skin shows a wearer (more is a skin-toned garment). */
const WORN_SKIN_SHARE = [0.03, 0.45] as const;
/** Rows of the person's height where each part is worn, top to bottom. */
const PART_ROWS: Record<Exclude<GarmentPart, 'auto'>, readonly [number, number]> = {
  tops: [0.1, 0.64],
  bottoms: [0.38, 1],
  'one-pieces': [0.1, 1],
};

/** The garment mask of `image` (any format sharp reads). */
export async function garmentMask(
  image: Buffer,
  segment: Segmenter,
  options: MaskOptions,
): Promise<GarmentMask> {
  const decoded = await withImageDecode(() =>
    orientedImage(image)
      .resize({ width: WORK_EDGE, height: WORK_EDGE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const { width, height } = decoded.info;
  const rgba = decoded.data;
  const count = width * height;
  const lab = new Float32Array(count * 3);
  const mask = new Uint8Array(count);
  let transparent = 0;
  for (let i = 0; i < count; i++) {
    labInto(lab, i * 3, rgba[i * 4] ?? 0, rgba[i * 4 + 1] ?? 0, rgba[i * 4 + 2] ?? 0);
    const opaque = (rgba[i * 4 + 3] ?? 255) >= OPAQUE;
    mask[i] = opaque ? 1 : 0;
    if (!opaque) transparent++;
  }
  let foreground: GarmentMask['foreground'] = 'alpha';
  if (transparent === 0) {
    if (backdropOut(lab, mask, width, height)) foreground = 'backdrop';
    else {
      foreground = 'model';
      const found = await segment(image);
      const alpha = await resizeMask(found, width, height);
      for (let i = 0; i < count; i++) mask[i] = (alpha[i] ?? 0) >= OPAQUE ? 1 : 0;
    }
  }
  const result = { width, height, lab, mask, foreground };
  if (isWorn(rgba, mask, options.worn)) takeOutWearer(result, rgba, options);
  // Thin lines left where skin or hair meets the backdrop (pixels mixing the two, neither one)
  // go, and so do specks.
  mask.set(dilate(erode(mask, width, height, OUTLINE_OPENING), width, height, OUTLINE_OPENING));
  keepLargeParts(mask, width);
  return result;
}

/**
 * Clears the backdrop from `mask` by growing it from the border over steps of at most
 * BACKDROP_STEP; false (mask untouched) when what grew is not a plain backdrop.
 */
function backdropOut(lab: Float32Array, mask: Uint8Array, width: number, height: number): boolean {
  const count = width * height;
  const backdrop = new Uint8Array(count);
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  const step = (i: number, j: number) => labDistance(lab, i, lab, j);
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  // Seeds are the border pixels of the corners' colours, so a garment or a leg that runs off the
  // edge does not seed the backdrop.
  const corners = [0, width - 1, count - width, count - 1];
  const seeds = border.filter((i) => corners.some((c) => step(i, c) <= BACKDROP_SEED));
  // The backdrop's colour over the frame, fitted to the seeds: a sweep's gradient or a lit wall's
  // falloff is smooth. A pixel joins only near that colour at its place, so the backdrop cannot
  // walk into a garment of nearly its colour along the garment's own smooth shading.
  const model = fitBackdrop(lab, seeds, width, height);
  const strays = (j: number) => labDistance(model, j, lab, j) > BACKDROP_DRIFT;
  for (const i of seeds) {
    if (backdrop[i] || strays(i)) continue;
    backdrop[i] = 1;
    queue[tail++] = i;
  }
  while (head < tail) {
    const i = queue[head++] ?? 0;
    const x = i % width;
    const neighbours = [
      x > 0 ? i - 1 : -1,
      x < width - 1 ? i + 1 : -1,
      i - width,
      i + width < count ? i + width : -1,
    ];
    for (const j of neighbours) {
      if (j < 0 || backdrop[j] || step(i, j) > BACKDROP_STEP || strays(j)) continue;
      backdrop[j] = 1;
      queue[tail++] = j;
    }
  }
  const onBorder = border.filter((i) => backdrop[i]).length / border.length;
  if (onBorder < BACKDROP_MIN_BORDER || tail / count < BACKDROP_MIN_AREA || tail === count) {
    return false;
  }
  for (let i = 0; i < count; i++) if (backdrop[i]) mask[i] = 0;
  return true;
}

/** Chai and Ngan's skin range in YCbCr (ITU-R BT.601). */
function isSkin(r: number, g: number, b: number): boolean {
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/** Hair: dark and near-neutral (black to dark brown; lighter hair falls in the skin range). */
const isHair = (l: number, a: number, b: number) => l < 24 && Math.hypot(a, b) < 16;

function isWorn(rgba: Buffer, mask: Uint8Array, worn: Worn): boolean {
  if (worn !== 'auto') return worn === 'yes';
  let foreground = 0;
  let skin = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    foreground++;
    if (isSkin(rgba[i * 4] ?? 0, rgba[i * 4 + 1] ?? 0, rgba[i * 4 + 2] ?? 0)) skin++;
  }
  const share = foreground > 0 ? skin / foreground : 0;
  return share >= WORN_SKIN_SHARE[0] && share <= WORN_SKIN_SHARE[1];
}

/** Steps 2 and 3: skin, hair and the rows of other garments out of a worn photo's mask. */
function takeOutWearer(found: GarmentMask, rgba: Buffer, options: MaskOptions) {
  const { width, height, lab, mask } = found;
  const guide = options.guide ?? [];
  const nearGuide = (i: number) =>
    guide.some(
      (g) =>
        Math.hypot(
          ((lab[i * 3] ?? 0) - g.l) / 2,
          (lab[i * 3 + 1] ?? 0) - g.a,
          (lab[i * 3 + 2] ?? 0) - g.b,
        ) <= GUIDE_TOLERANCE,
    );
  let top = height;
  let bottom = -1;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const y = Math.floor(i / width);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  if (bottom < 0) return;
  const rows = options.part === 'auto' ? ([0, 1] as const) : PART_ROWS[options.part];
  const first = top + rows[0] * (bottom - top);
  const last = top + rows[1] * (bottom - top);
  // Skin and hair as blobs: a thin line of them is the mixed colour where two garment colours
  // meet (a red stripe beside a white one reads as pink), so the wearer mask is opened.
  const wearer = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const skin = isSkin(rgba[i * 4] ?? 0, rgba[i * 4 + 1] ?? 0, rgba[i * 4 + 2] ?? 0);
    if (skin || isHair(lab[i * 3] ?? 0, lab[i * 3 + 1] ?? 0, lab[i * 3 + 2] ?? 0)) wearer[i] = 1;
  }
  const opened = dilate(
    erode(wearer, width, height, WEARER_OPENING),
    width,
    height,
    WEARER_OPENING,
  );
  const near = new Uint8Array(mask.length);
  let nearCount = 0;
  let rowCount = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const y = Math.floor(i / width);
    const inRows = y >= first && y <= last;
    // The garment's own colours are kept wherever they are (a cropped shot moves the rows),
    // unless they are skin or hair outside the part's rows (a tan skirt's wearer's face).
    if (guide.length > 0 && nearGuide(i) && (!opened[i] || inRows)) {
      near[i] = 1;
      nearCount++;
    } else if (!opened[i] && inRows) rowCount++;
  }
  // Where the garment's colours make up most of what is left, they are the garment and the rest
  // of the rows is another garment (a top above a skirt). Where they do not, the garment changed
  // colour or is another one, and the part's rows are what is compared.
  const byColour = nearCount >= rowCount;
  // What the garment's colours enclose is the garment's too: a print added to it, a word changed.
  const enclosed = fillEnclosedHoles({
    mask: Buffer.from(near.map((v) => v * 255)),
    width,
    height,
  }).mask;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || near[i] || (byColour && (enclosed[i] ?? 0) >= OPAQUE && !opened[i])) continue;
    const y = Math.floor(i / width);
    if (byColour || opened[i] || y < first || y > last) mask[i] = 0;
  }
}

/** Pixels whose every neighbour within `radius` (a square) is set. */
export function erode(mask: Uint8Array, width: number, height: number, radius: number) {
  return morph(mask, width, height, radius, true);
}
/** Pixels with any neighbour within `radius` (a square) set. */
export function dilate(mask: Uint8Array, width: number, height: number, radius: number) {
  return morph(mask, width, height, radius, false);
}

/** Separable square erosion (every pixel of the window set) or dilation (any), by window sums. */
function morph(mask: Uint8Array, width: number, height: number, radius: number, every: boolean) {
  // A window cut by the edge sums less than a full one: outside counts as unset for an erosion.
  const full = 2 * radius + 1;
  const pass = (source: Uint8Array, horizontal: boolean) =>
    windowSums(source, width, height, radius, horizontal).map((sum) =>
      every ? (sum === full ? 1 : 0) : sum > 0 ? 1 : 0,
    );
  return Uint8Array.from(pass(Uint8Array.from(pass(mask, true)), false));
}

/** Parts of the mask smaller than this share of its largest part are specks (a stray pixel of hair). */
const LEAST_PART = 0.2;

/**
 * Clears the mask's small connected parts: the garment is one piece, or a few large ones where an
 * arm or hair crosses it, while what the wearer's removal leaves behind is specks.
 */
function keepLargeParts(mask: Uint8Array, width: number) {
  const label = new Int32Array(mask.length).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    const id = sizes.length;
    let size = 0;
    label[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop() ?? 0;
      size++;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= mask.length || !mask[j] || label[j] !== -1) continue;
        label[j] = id;
        stack.push(j);
      }
    }
    sizes.push(size);
  }
  const largest = Math.max(0, ...sizes);
  for (let i = 0; i < mask.length; i++) {
    const id = label[i] ?? -1;
    if (id >= 0 && (sizes[id] ?? 0) < largest * LEAST_PART) mask[i] = 0;
  }
}

/**
 * Least-squares fit of each Lab channel over the seeds as a quadratic in x and y (a gradient,
 * a vignette): the fitted colour of every pixel, three values each.
 */
function fitBackdrop(lab: Float32Array, seeds: readonly number[], width: number, height: number) {
  const terms = (x: number, y: number) => {
    const [u, v] = [x / width - 0.5, y / height - 0.5];
    return [1, u, v, u * u, v * v, u * v];
  };
  const n = 6;
  const normal = Array.from({ length: n }, () => new Array<number>(n + 3).fill(0));
  for (const i of seeds) {
    const t = terms(i % width, Math.floor(i / width));
    for (let r = 0; r < n; r++) {
      const row = normal[r] ?? [];
      for (let c = 0; c < n; c++) row[c] = (row[c] ?? 0) + (t[r] ?? 0) * (t[c] ?? 0);
      for (let k = 0; k < 3; k++)
        row[n + k] = (row[n + k] ?? 0) + (t[r] ?? 0) * (lab[i * 3 + k] ?? 0);
    }
  }
  // A little ridge keeps the fit defined when the seeds hold no curvature (only the corners).
  for (let r = 0; r < n; r++) (normal[r] ?? [])[r] = ((normal[r] ?? [])[r] ?? 0) + 1e-3;
  const coefficients = solve(normal, n);
  // The fitted colour of every pixel, once (the flood asks for each pixel up to four times).
  const fitted = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = terms(x, y);
      for (let k = 0; k < 3; k++) {
        let value = 0;
        for (let r = 0; r < n; r++) value += (t[r] ?? 0) * (coefficients[r]?.[k] ?? 0);
        fitted[(y * width + x) * 3 + k] = value;
      }
    }
  }
  return fitted;
}

/** Gauss–Jordan elimination with partial pivoting of [A | B] (n × n, three right-hand sides). */
function solve(matrix: number[][], n: number): number[][] {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(matrix[r]?.[col] ?? 0) > Math.abs(matrix[pivot]?.[col] ?? 0)) pivot = r;
    }
    [matrix[col], matrix[pivot]] = [matrix[pivot] ?? [], matrix[col] ?? []];
    const row = matrix[col] ?? [];
    const lead = row[col] ?? 1;
    for (let c = 0; c < row.length; c++) row[c] = (row[c] ?? 0) / lead;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const other = matrix[r] ?? [];
      const factor = other[col] ?? 0;
      for (let c = 0; c < other.length; c++) other[c] = (other[c] ?? 0) - factor * (row[c] ?? 0);
    }
  }
  return matrix.map((row) => row.slice(n));
}
