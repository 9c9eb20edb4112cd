import { convertLab65ToRgb, differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { seededRandom } from './shared';

/*
 * Test garments for the garment-fidelity check (unit and engine tiers): a striped top on a
 * transparent background, recoloured by an exact CIEDE2000.
 */

export interface Lab {
  l: number;
  a: number;
  b: number;
}
const ciede2000 = differenceCiede2000();
const deltaE = (x: Lab, y: Lab) => ciede2000({ mode: 'lab65', ...x }, { mode: 'lab65', ...y });

const BASE: Lab = { l: 48, a: 42, b: 18 }; // a raspberry red
const STRIPE: Lab = { l: 30, a: 30, b: 10 };

/**
 * The Lab shift that moves BASE by exactly `target` ΔE00 along a hue turn (perpendicular to its
 * chroma): towards purple, or towards orange, where skin in the result is the nearer colour.
 */
export function shiftFor(target: number, towards: 'purple' | 'orange'): Lab {
  const sign = towards === 'purple' ? 1 : -1;
  const direction = { a: sign * BASE.b, b: -sign * BASE.a };
  const norm = Math.hypot(direction.a, direction.b);
  const at = (t: number) => ({ l: 0, a: (direction.a / norm) * t, b: (direction.b / norm) * t });
  let [low, high] = [0, 100];
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    const shifted = { l: BASE.l, a: BASE.a + at(mid).a, b: BASE.b + at(mid).b };
    if (deltaE(BASE, shifted) < target) low = mid;
    else high = mid;
  }
  return at(low);
}

/**
 * A striped garment (a T-shirt-like block with sleeves) on a transparent background, in Lab
 * plus `shift`, with a little fabric noise so its colours are a spread and not two points.
 */
export async function garment(
  shift: Lab,
  options: { stripes?: boolean; size?: number; withWearer?: boolean } = {},
) {
  const size = options.size ?? 240;
  const random = seededRandom(7);
  const rgba = Buffer.alloc(size * size * 4);
  const inShirt = (x: number, y: number) =>
    (y > 0.3 * size && y < 0.95 * size && x > 0.25 * size && x < 0.75 * size) ||
    (y > 0.3 * size && y < 0.5 * size && x > 0.1 * size && x < 0.9 * size);
  const inHead = (x: number, y: number) =>
    (x - 0.5 * size) ** 2 + (y - 0.16 * size) ** 2 < (0.12 * size) ** 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      let lab: Lab | null = null;
      if (inShirt(x, y)) {
        const stripe = options.stripes !== false && Math.floor(y / (size / 16)) % 2 === 1;
        const colour = stripe ? STRIPE : BASE;
        const noise = (random() - 0.5) * 2;
        lab = { l: colour.l + noise, a: colour.a + shift.a, b: colour.b + shift.b };
      } else if (options.withWearer && inHead(x, y)) {
        lab = { l: 70, a: 14, b: 20 }; // skin: the result's foreground holds the wearer too
      }
      if (!lab) continue;
      const rgb = convertLab65ToRgb(lab);
      rgba[i] = Math.round(Math.min(1, Math.max(0, rgb.r)) * 255);
      rgba[i + 1] = Math.round(Math.min(1, Math.max(0, rgb.g)) * 255);
      rgba[i + 2] = Math.round(Math.min(1, Math.max(0, rgb.b)) * 255);
      rgba[i + 3] = 255;
    }
  }
  return sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toBuffer();
}

export const none: Lab = { l: 0, a: 0, b: 0 };
