import sharp from 'sharp';
import { orientedImage } from './shared';

/*
 * The two layers a local-engine video moves (ADR 026): a background plate with the subject taken
 * out and the frame's padding grown from the background, and the cut-out subject. Both are laid
 * out as the still fits, whole, into the portrait frame.
 */

/** A one-channel alpha mask (255 = subject), any size: it is scaled to the picture. */
export interface SubjectMask {
  mask: Buffer;
  width: number;
  height: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface VideoLayers {
  /** Frame size. */
  width: number;
  height: number;
  /** The plate reaches this far past every frame edge, so a panned or turned layer never shows a border. */
  margin: number;
  /** RGB, (width + 2·margin) × (height + 2·margin); frame pixel (x, y) is plate pixel (x + margin, y + margin). */
  plate: Buffer;
  plateWidth: number;
  plateHeight: number;
  /**
   * Premultiplied RGBA of the photo's area with the mask as alpha, `subjectScale` texels per frame
   * pixel, inside a transparent border of `SUBJECT_BORDER` texels (not counted in the sizes).
   */
  subject: Buffer;
  subjectWidth: number;
  subjectHeight: number;
  subjectScale: number;
  /** Where the photo sits in the frame (fitted whole, centred). */
  photo: { left: number; top: number; width: number; height: number };
  /** The subject's bounding box in frame pixels; null when the mask holds (almost) nothing. */
  subjectBox: Box | null;
}

/**
 * The subject texture is kept a quarter larger than it shows at rest, so the push-ins (up to 15 %)
 * magnify real pixels rather than blur them.
 */
const SUBJECT_SUPERSAMPLE = 1.25;
/** Below this share of the photo the mask is noise, not a subject: the video moves the plate only. */
const MIN_SUBJECT_SHARE = 0.002;
/** The weight of subject pixels in the plate's fill (see `buildVideoLayers`). */
const TRACE_WEIGHT = 1e-5;
/** Transparent texels around the subject texture: bilinear taps at its edge then never fall outside. */
export const SUBJECT_BORDER = 1;

/**
 * Fills unknown pixels from known ones by pull-push (Gortler et al. 1996): average the known
 * pixels down a pyramid, then fill each level's gaps from the next coarser one, bilinearly. A hole
 * gets a smooth blend of its surroundings, and the farther a pixel is from anything known the wider
 * the area it draws from: no copy of any structure (nothing mirrored), only its colours.
 * `rgb` holds colours (0..255), `weight` how known each pixel is (0..1); returns the filled colours.
 */
export function pushPullFill(
  rgb: Float32Array,
  weight: Float32Array,
  width: number,
  height: number,
): Float32Array {
  if (rgb.length !== width * height * 3 || weight.length !== width * height) {
    throw new Error('pushPullFill: buffer sizes do not match.');
  }
  // Level 0: premultiplied colour and weight.
  const colours: Float32Array[] = [];
  const weights: Float32Array[] = [];
  const sizes: [number, number][] = [];
  const c0 = new Float32Array(rgb.length);
  for (let i = 0; i < width * height; i++) {
    const w = weight[i] ?? 0;
    c0[i * 3] = (rgb[i * 3] ?? 0) * w;
    c0[i * 3 + 1] = (rgb[i * 3 + 1] ?? 0) * w;
    c0[i * 3 + 2] = (rgb[i * 3 + 2] ?? 0) * w;
  }
  colours.push(c0);
  weights.push(Float32Array.from(weight));
  sizes.push([width, height]);

  // Pull: each coarser pixel sums its (up to) four children; a sum of weights above 1 is
  // normalised, so a fully known area becomes a plain average with weight 1.
  let [w, h] = [width, height];
  while (w > 1 || h > 1) {
    const nw = Math.ceil(w / 2);
    const nh = Math.ceil(h / 2);
    const fineC = colours[colours.length - 1] ?? c0;
    const fineA = weights[weights.length - 1] ?? weight;
    const c = new Float32Array(nw * nh * 3);
    const a = new Float32Array(nw * nh);
    for (let y = 0; y < nh; y++) {
      for (let x = 0; x < nw; x++) {
        let sa = 0;
        let sr = 0;
        let sg = 0;
        let sb = 0;
        for (let dy = 0; dy < 2; dy++) {
          const fy = 2 * y + dy;
          if (fy >= h) continue;
          for (let dx = 0; dx < 2; dx++) {
            const fx = 2 * x + dx;
            if (fx >= w) continue;
            const f = fy * w + fx;
            sa += fineA[f] ?? 0;
            sr += fineC[f * 3] ?? 0;
            sg += fineC[f * 3 + 1] ?? 0;
            sb += fineC[f * 3 + 2] ?? 0;
          }
        }
        const norm = sa > 1 ? 1 / sa : 1;
        const o = y * nw + x;
        a[o] = sa * norm;
        c[o * 3] = sr * norm;
        c[o * 3 + 1] = sg * norm;
        c[o * 3 + 2] = sb * norm;
      }
    }
    colours.push(c);
    weights.push(a);
    sizes.push([nw, nh]);
    [w, h] = [nw, nh];
  }

  // The coarsest level (1×1) becomes a plain colour; mid-grey if nothing at all was known.
  const top = colours.length - 1;
  const topA = weights[top]?.[0] ?? 0;
  const topC = colours[top] ?? new Float32Array(3);
  let filled = Float32Array.from(
    topA > 0 ? [...topC].map((v) => v / topA) : [128, 128, 128].map(Number),
  );

  // Push: fine = known part + (1 − weight) · the coarser filled level, upsampled bilinearly.
  for (let level = top - 1; level >= 0; level--) {
    const [fw, fh] = sizes[level] ?? [1, 1];
    const [cw, ch] = sizes[level + 1] ?? [1, 1];
    const c = colours[level] ?? c0;
    const a = weights[level] ?? weight;
    const out = new Float32Array(fw * fh * 3);
    for (let y = 0; y < fh; y++) {
      const cy = Math.min(ch - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
      const y0 = Math.floor(cy);
      const y1 = Math.min(ch - 1, y0 + 1);
      const ty = cy - y0;
      for (let x = 0; x < fw; x++) {
        const cx = Math.min(cw - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
        const x0 = Math.floor(cx);
        const x1 = Math.min(cw - 1, x0 + 1);
        const tx = cx - x0;
        const i = y * fw + x;
        const missing = 1 - (a[i] ?? 0);
        for (let k = 0; k < 3; k++) {
          const top0 = (filled[(y0 * cw + x0) * 3 + k] ?? 0) * (1 - tx);
          const top1 = (filled[(y0 * cw + x1) * 3 + k] ?? 0) * tx;
          const bot0 = (filled[(y1 * cw + x0) * 3 + k] ?? 0) * (1 - tx);
          const bot1 = (filled[(y1 * cw + x1) * 3 + k] ?? 0) * tx;
          const coarse = (top0 + top1) * (1 - ty) + (bot0 + bot1) * ty;
          out[i * 3 + k] = (c[i * 3 + k] ?? 0) + missing * coarse;
        }
      }
    }
    filled = out;
  }
  return filled;
}

/**
 * The mask with every gap the subject encloses filled: background pixels (< 128) that no path of
 * background pixels joins to the picture's border, and the soft rim (two pixels) around them. The
 * model sometimes leaves a face inside its hair, or a chest inside its arms, out of the matte; on a
 * still that hardly shows, but once the subject moves that part would stay behind on the plate. A
 * true gap (between an arm and the body) moving with the subject is the smaller harm. Each gap is
 * filled with the strongest alpha around it: a face inside opaque hair becomes opaque, a speck in
 * a half-transparent area (a veil, a blurred edge) becomes as transparent as its surroundings.
 */
export function fillEnclosedHoles(mask: SubjectMask): SubjectMask {
  const { width, height } = mask;
  const source = mask.mask;
  const size = width * height;
  if (source.length !== size) throw new Error('Mask size does not match.');
  // 1: background joined to the border; 2: an enclosed gap, already filled.
  const state = new Uint8Array(size);
  const stack: number[] = [];
  const neighbours = (i: number): number[] => {
    const x = i % width;
    const out: number[] = [];
    if (x > 0) out.push(i - 1);
    if (x < width - 1) out.push(i + 1);
    if (i >= width) out.push(i - width);
    if (i < size - width) out.push(i + width);
    return out;
  };
  const visit = (i: number) => {
    if (state[i] === 0 && (source[i] ?? 0) < 128) {
      state[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    visit(x);
    visit(size - width + x);
  }
  for (let y = 0; y < height; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  for (let i = stack.pop(); i !== undefined; i = stack.pop()) neighbours(i).forEach(visit);

  let filled: Buffer | undefined;
  for (let start = 0; start < size; start++) {
    if (state[start] !== 0 || (source[start] ?? 0) >= 128) continue;
    // One enclosed gap: collect it and the strongest alpha on its border.
    filled ??= Buffer.from(source);
    const gap = [start];
    state[start] = 2;
    let strongest = 128;
    for (let k = 0; k < gap.length; k++) {
      for (const j of neighbours(gap[k] ?? 0)) {
        const value = source[j] ?? 0;
        if (value >= 128) strongest = Math.max(strongest, value);
        else if (state[j] === 0) {
          state[j] = 2;
          gap.push(j);
        }
      }
    }
    // The gap and a two-pixel rim of the subject's soft edge around it take that alpha.
    let ring = gap;
    for (const i of gap) filled[i] = strongest;
    for (let pass = 0; pass < 2; pass++) {
      const next: number[] = [];
      for (const i of ring) {
        for (const j of neighbours(i)) {
          if (state[j] === 1 || (filled[j] ?? 0) >= strongest) continue;
          filled[j] = strongest;
          next.push(j);
        }
      }
      ring = next;
    }
  }
  return filled ? { mask: filled, width, height } : mask;
}

/** Bounding box of mask values ≥ 128, or null when fewer than `minCount` pixels are set. */
function maskBox(mask: Buffer, width: number, height: number, minCount: number): Box | null {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((mask[y * width + x] ?? 0) < 128) continue;
      count++;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return count >= minCount && right >= 0
    ? { left, top, right: right + 1, bottom: bottom + 1 }
    : null;
}

export async function resizeMask(
  mask: SubjectMask,
  width: number,
  height: number,
): Promise<Buffer> {
  if (mask.mask.length !== mask.width * mask.height) throw new Error('Mask size does not match.');
  if (mask.width === width && mask.height === height) return mask.mask;
  // Mitchell, not Lanczos: Lanczos rings around the hard 0/255 edges of a matte.
  return sharp(mask.mask, { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .resize(width, height, { kernel: 'mitchell', fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** The still's pixels, RGB, at exactly width × height (transparent areas on white, as the model saw them). */
function photoPixels(input: Buffer, width: number, height: number): Promise<Buffer> {
  return orientedImage(input)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * Builds the plate and the subject for a width × height frame from a still and its subject mask.
 * The plate: the photo with the subject (grown by a few pixels, so no halo of it stays) filled by
 * `pushPullFill`, and the frame's padding and margin grown the same way from the background only,
 * then blurred: a clean soft extension of the backdrop, never a reflection of the picture.
 */
export async function buildVideoLayers(
  input: Buffer,
  width: number,
  height: number,
  rawMask: SubjectMask,
): Promise<VideoLayers> {
  const mask = fillEnclosedHoles(rawMask);
  const meta = await orientedImage(input).metadata();
  const sourceWidth = meta.autoOrient.width;
  const sourceHeight = meta.autoOrient.height;
  if (!sourceWidth || !sourceHeight) throw new Error('The image has no readable size.');
  const fit = Math.min(width / sourceWidth, height / sourceHeight);
  const pw = Math.max(1, Math.min(width, Math.round(sourceWidth * fit)));
  const ph = Math.max(1, Math.min(height, Math.round(sourceHeight * fit)));
  const photo = {
    left: Math.floor((width - pw) / 2),
    top: Math.floor((height - ph) / 2),
    width: pw,
    height: ph,
  };
  const sw = Math.round(pw * SUBJECT_SUPERSAMPLE);
  const sh = Math.round(ph * SUBJECT_SUPERSAMPLE);

  // Grow the subject by ~2 % of the photo before cutting it out of the plate: a blurred mask
  // thresholded low reaches ~2σ past the matte's edge.
  const grow = Math.max(2, Math.round(0.02 * Math.min(pw, ph)));
  const [pixels, fineMask, subjectPixels, subjectAlpha] = await Promise.all([
    photoPixels(input, pw, ph),
    resizeMask(mask, pw, ph),
    photoPixels(input, sw, sh),
    resizeMask(mask, sw, sh),
  ]);
  const grown = await sharp(fineMask, { raw: { width: pw, height: ph, channels: 1 } })
    .blur(grow / 2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const subjectBox = maskBox(fineMask, pw, ph, Math.max(1, MIN_SUBJECT_SHARE * pw * ph));

  const margin = Math.ceil(0.06 * width) + 2;
  const plateWidth = width + 2 * margin;
  const plateHeight = height + 2 * margin;
  const rgb = new Float32Array(plateWidth * plateHeight * 3);
  const weight = new Float32Array(plateWidth * plateHeight);
  // How much of each photo pixel is background: 1 away from the subject, 0 under its grown mask.
  const keep = new Float32Array(pw * ph);
  for (let i = 0; i < pw * ph; i++) {
    keep[i] = subjectBox ? Math.max(0, 1 - (grown[i] ?? 0) / 24) : 1;
  }
  for (let y = 0; y < ph; y++) {
    const row = (y + photo.top + margin) * plateWidth + photo.left + margin;
    for (let x = 0; x < pw; x++) {
      const p = y * pw + x;
      const q = row + x;
      // A trace of weight under the subject: nothing beside real background, but when the subject
      // fills the whole photo the plate still takes the photo's colours rather than flat grey.
      weight[q] = Math.max(keep[p] ?? 0, TRACE_WEIGHT);
      rgb[q * 3] = pixels[p * 3] ?? 0;
      rgb[q * 3 + 1] = pixels[p * 3 + 1] ?? 0;
      rgb[q * 3 + 2] = pixels[p * 3 + 2] ?? 0;
    }
  }
  const filled = pushPullFill(rgb, weight, plateWidth, plateHeight);
  const filledBytes = Buffer.alloc(filled.length);
  for (let i = 0; i < filled.length; i++) filledBytes[i] = Math.round(filled[i] ?? 0);
  const soft = await sharp(filledBytes, {
    raw: { width: plateWidth, height: plateHeight, channels: 3 },
  })
    .blur(Math.max(2, 0.02 * width))
    .raw()
    .toBuffer();

  // The photo keeps its own pixels where it is background, feathered into the soft extension
  // over a few pixels at its edges so the border does not read as a hard seam.
  const plate = Buffer.from(soft);
  const feather = Math.max(2, Math.round(0.015 * width));
  for (let y = 0; y < ph; y++) {
    const edgeY = Math.min(y + 0.5, ph - y - 0.5);
    const row = (y + photo.top + margin) * plateWidth + photo.left + margin;
    for (let x = 0; x < pw; x++) {
      const edge = Math.min(1, Math.min(edgeY, x + 0.5, pw - x - 0.5) / feather);
      const k = (keep[y * pw + x] ?? 0) * edge;
      if (k <= 0) continue;
      const p = (y * pw + x) * 3;
      const q = (row + x) * 3;
      for (let c = 0; c < 3; c++) {
        plate[q + c] = Math.round(k * (pixels[p + c] ?? 0) + (1 - k) * (soft[q + c] ?? 0));
      }
    }
  }

  const tw = sw + 2 * SUBJECT_BORDER;
  const subject = Buffer.alloc(tw * (sh + 2 * SUBJECT_BORDER) * 4);
  if (subjectBox) {
    for (let y = 0; y < sh; y++) {
      for (let x = 0; x < sw; x++) {
        const i = y * sw + x;
        const o = ((y + SUBJECT_BORDER) * tw + x + SUBJECT_BORDER) * 4;
        const a = subjectAlpha[i] ?? 0;
        subject[o] = Math.round(((subjectPixels[i * 3] ?? 0) * a) / 255);
        subject[o + 1] = Math.round(((subjectPixels[i * 3 + 1] ?? 0) * a) / 255);
        subject[o + 2] = Math.round(((subjectPixels[i * 3 + 2] ?? 0) * a) / 255);
        subject[o + 3] = a;
      }
    }
  }

  return {
    width,
    height,
    margin,
    plate,
    plateWidth,
    plateHeight,
    subject,
    subjectWidth: sw,
    subjectHeight: sh,
    subjectScale: sw / pw,
    photo,
    subjectBox: subjectBox && {
      left: subjectBox.left + photo.left,
      top: subjectBox.top + photo.top,
      right: subjectBox.right + photo.left,
      bottom: subjectBox.bottom + photo.top,
    },
  };
}
