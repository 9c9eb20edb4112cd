import type { SCENE_STYLES } from '@studio/contract/tools';
import sharp, { type OverlayOptions } from 'sharp';
import { type EngineImage, clamp, hashString, seededRandom, variantIndex } from './shared';

export type SceneStyle = (typeof SCENE_STYLES)[number];

export interface ComposeSceneOptions {
  sceneStyle: SceneStyle;
  /** Any integer; each value gives a different colour/lighting take on the style. */
  variant: number;
  /** Square output edge in px (default 1024, clamped to 256..4096). */
  size?: number;
}

/** Where the product stands, as fractions of the canvas: its base line and its largest box. */
const FLOOR_Y = 0.87;
const PRODUCT_MAX_HEIGHT = 0.7;
const PRODUCT_MAX_WIDTH = 0.8;

interface Scene {
  svg: string;
  /** Blur applied to the rendered backdrop (0 = none), for a shallow-depth-of-field look. */
  blur: number;
  shadow: { colour: [number, number, number]; strength: number };
  /** Horizontal light position, -1 (left) .. 1 (right); the shadow falls the other way. */
  light: number;
  reflection: number;
}

const hsl = (h: number, s: number, l: number, a = 1): string =>
  `hsla(${h.toFixed(1)},${clamp(s, 0, 100).toFixed(1)}%,${clamp(l, 0, 100).toFixed(1)}%,${a.toFixed(3)})`;

const f = (n: number): string => n.toFixed(1);

/** A soft radial glow (white by default) centred at (cx, cy) in canvas fractions. */
function glow(id: string, cx: number, cy: number, r: number, colour: string, opacity: number) {
  return `<radialGradient id="${id}" cx="${cx.toFixed(3)}" cy="${cy.toFixed(3)}" r="${r.toFixed(3)}">
    <stop offset="0" stop-color="${colour}" stop-opacity="${opacity.toFixed(3)}"/>
    <stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

function vignette(id: string, strength: number) {
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.75">
    <stop offset="0.5" stop-color="#000" stop-opacity="0"/>
    <stop offset="1" stop-color="#000" stop-opacity="${strength.toFixed(3)}"/></radialGradient>`;
}

function svgDocument(size: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>${defs}</defs>${body}</svg>`;
}

/** Seamless paper sweep: wall fading into floor, a key light behind the product, soft vignette. */
function studioScene(size: number, preset: number, rnd: () => number): Scene {
  const tones = [
    { h: 30, s: 4, l: 88 }, // neutral light grey
    { h: 35, s: 22, l: 84 }, // warm beige
    { h: 212, s: 14, l: 80 }, // cool blue-grey
    { h: 140, s: 10, l: 80 }, // soft sage
    { h: 220, s: 6, l: 34 }, // charcoal
  ];
  const t = tones[preset % tones.length] ?? { h: 0, s: 0, l: 85 };
  const h = t.h + (rnd() - 0.5) * 8;
  const light = (rnd() - 0.5) * 0.8;
  const defs = `
    <linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(h, t.s, t.l - 12)}"/>
      <stop offset="0.55" stop-color="${hsl(h, t.s, t.l)}"/>
      <stop offset="0.78" stop-color="${hsl(h, t.s * 0.9, t.l + 4)}"/>
      <stop offset="1" stop-color="${hsl(h, t.s * 0.9, t.l - 3)}"/>
    </linearGradient>
    ${glow('key', 0.5 + light * 0.25, 0.42, 0.5, '#ffffff', 0.45 + rnd() * 0.15)}
    ${vignette('vig', 0.42 + rnd() * 0.12)}`;
  const body = `<rect width="100%" height="100%" fill="url(#sweep)"/>
    <rect width="100%" height="100%" fill="url(#key)"/>
    <rect width="100%" height="100%" fill="url(#vig)"/>`;
  return {
    svg: svgDocument(size, defs, body),
    blur: 0,
    shadow: { colour: [25, 22, 20], strength: 0.75 },
    light,
    reflection: 0,
  };
}

/** Sky gradient with a sun glow, two ranges of blurred hills, and a ground plane. */
function outdoorScene(size: number, preset: number, rnd: () => number): Scene {
  const moods = [
    // midday: blue sky over grass
    {
      sky: [210, 70, 55],
      horizon: [200, 60, 86],
      sun: '#fffbe8',
      hill: [150, 22, 52],
      ground: [95, 40, 42],
    },
    // golden hour: warm sky over sand
    {
      sky: [25, 75, 62],
      horizon: [40, 90, 82],
      sun: '#ffd9a0',
      hill: [20, 25, 48],
      ground: [35, 45, 62],
    },
    // overcast: soft grey sky over a stone terrace
    {
      sky: [210, 14, 70],
      horizon: [210, 12, 88],
      sun: '#ffffff',
      hill: [200, 8, 60],
      ground: [30, 8, 58],
    },
    // dusk: violet sky over teal ground
    {
      sky: [255, 40, 36],
      horizon: [320, 45, 72],
      sun: '#ffc2d0',
      hill: [250, 20, 34],
      ground: [180, 25, 28],
    },
  ] as const;
  const m = moods[preset % moods.length] ?? moods[0];
  const horizon = 0.58 + (rnd() - 0.5) * 0.04;
  const sunX = 0.2 + rnd() * 0.6;
  const hill = (base: number, amplitude: number): string => {
    const points: string[] = [];
    const steps = 6;
    for (let i = 0; i <= steps; i++) {
      const x = (i / steps) * size;
      const y = (base - amplitude * (0.3 + rnd() * 0.7)) * size;
      points.push(`${f(x)},${f(y)}`);
    }
    return `M0,${f(size * base)} L${points.join(' L')} L${f(size)},${f(size * base)} Z`;
  };
  const defs = `
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(m.sky[0], m.sky[1], m.sky[2])}"/>
      <stop offset="${horizon.toFixed(3)}" stop-color="${hsl(m.horizon[0], m.horizon[1], m.horizon[2])}"/>
    </linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(m.ground[0], m.ground[1], m.ground[2] + 8)}"/>
      <stop offset="1" stop-color="${hsl(m.ground[0], m.ground[1], m.ground[2] - 8)}"/>
    </linearGradient>
    ${glow('sun', sunX, horizon - 0.22, 0.45, m.sun, 0.85)}
    <filter id="soft"><feGaussianBlur stdDeviation="${f(size * 0.006)}"/></filter>
    <filter id="grain" x="0" y="0" width="1" height="1">
      <feTurbulence type="fractalNoise" baseFrequency="0.015 0.06" numOctaves="3" seed="${Math.floor(rnd() * 1000)}"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.25 -0.06"/>
    </filter>
    ${vignette('vig', 0.25)}`;
  const groundTop = size * horizon;
  const body = `<rect width="100%" height="100%" fill="url(#sky)"/>
    <rect width="100%" height="100%" fill="url(#sun)"/>
    <path d="${hill(horizon + 0.01, 0.14)}" fill="${hsl(m.hill[0], m.hill[1], m.hill[2] + 12, 0.75)}" filter="url(#soft)"/>
    <path d="${hill(horizon + 0.01, 0.07)}" fill="${hsl(m.hill[0], m.hill[1], m.hill[2])}" filter="url(#soft)"/>
    <rect y="${f(groundTop)}" width="${size}" height="${f(size - groundTop)}" fill="url(#ground)"/>
    <rect y="${f(groundTop)}" width="${size}" height="${f(size - groundTop)}" filter="url(#grain)"/>
    <rect width="100%" height="100%" fill="url(#vig)"/>`;
  return {
    svg: svgDocument(size, defs, body),
    blur: size * 0.004,
    shadow: { colour: [20, 24, 18], strength: 0.7 },
    light: (sunX - 0.5) * 2,
    reflection: 0,
  };
}

/** Dark backdrop under a top spotlight, with a polished dark marble floor and a gold rim line. */
function luxuryScene(size: number, preset: number, rnd: () => number): Scene {
  const tints = [
    { h: 30, s: 6 }, // onyx
    { h: 160, s: 35 }, // deep emerald
    { h: 345, s: 40 }, // burgundy
    { h: 222, s: 40 }, // midnight navy
  ];
  const t = tints[preset % tints.length] ?? { h: 0, s: 0 };
  const floor = 0.66 + (rnd() - 0.5) * 0.03;
  const light = (rnd() - 0.5) * 0.5;
  const defs = `
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(t.h, t.s, 4)}"/>
      <stop offset="1" stop-color="${hsl(t.h, t.s, 13)}"/>
    </linearGradient>
    <linearGradient id="slab" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(t.h, t.s * 0.5, 16)}"/>
      <stop offset="1" stop-color="${hsl(t.h, t.s * 0.5, 7)}"/>
    </linearGradient>
    <filter id="veins" x="0" y="0" width="1" height="1">
      <feTurbulence type="fractalNoise" baseFrequency="0.0035 0.012" numOctaves="5" seed="${Math.floor(rnd() * 1000)}"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0.85  0 0 0 0 0.83  0 0 0 0 0.8  1 0 0 0 0"/>
      <feComponentTransfer><feFuncA type="table" tableValues="0 0 0 0 0 0.05 0.55 0.05 0 0 0 0"/></feComponentTransfer>
      <feGaussianBlur stdDeviation="0.6"/>
    </filter>
    ${glow('spot', 0.5 + light * 0.3, 0.3, 0.55, hsl(t.h, 30, 85), 0.3)}
    ${glow('pool', 0.5 + light * 0.2, floor + 0.12, 0.4, '#ffffff', 0.12)}
    ${vignette('vig', 0.6)}`;
  const top = size * floor;
  const body = `<rect width="100%" height="100%" fill="url(#wall)"/>
    <rect width="100%" height="100%" fill="url(#spot)"/>
    <rect y="${f(top)}" width="${size}" height="${f(size - top)}" fill="url(#slab)"/>
    <rect y="${f(top)}" width="${size}" height="${f(size - top)}" filter="url(#veins)" opacity="0.55"/>
    <rect y="${f(top)}" width="${size}" height="${f(Math.max(1, size * 0.003))}" fill="#c9a45c" opacity="0.8"/>
    <rect width="100%" height="100%" fill="url(#pool)"/>
    <rect width="100%" height="100%" fill="url(#vig)"/>`;
  return {
    svg: svgDocument(size, defs, body),
    blur: 0,
    shadow: { colour: [0, 0, 0], strength: 0.85 },
    light,
    reflection: 0.28,
  };
}

/** Pale flat backdrop with a slightly deeper arch behind the product and a soft floor line. */
function minimalScene(size: number, preset: number, rnd: () => number): Scene {
  const tones = [
    { h: 40, s: 45, l: 93 }, // cream
    { h: 350, s: 50, l: 92 }, // blush
    { h: 150, s: 30, l: 91 }, // pale mint
    { h: 205, s: 45, l: 92 }, // pale sky
    { h: 265, s: 35, l: 93 }, // pale lilac
  ];
  const t = tones[preset % tones.length] ?? { h: 0, s: 0, l: 94 };
  const h = t.h + (rnd() - 0.5) * 10;
  const floor = 0.7 + (rnd() - 0.5) * 0.04;
  const archWidth = size * (0.46 + rnd() * 0.1);
  const archLeft = (size - archWidth) / 2;
  const archTop = size * (0.14 + rnd() * 0.06);
  const archBottom = size * floor;
  const r = archWidth / 2;
  const arch = `M${f(archLeft)},${f(archBottom)} L${f(archLeft)},${f(archTop + r)}
    A${f(r)},${f(r)} 0 0 1 ${f(archLeft + archWidth)},${f(archTop + r)} L${f(archLeft + archWidth)},${f(archBottom)} Z`;
  const defs = `
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(h, t.s, t.l - 5)}"/>
      <stop offset="1" stop-color="${hsl(h, t.s, t.l - 1)}"/>
    </linearGradient>
    <filter id="edge"><feGaussianBlur stdDeviation="${f(size * 0.004)}"/></filter>
    ${glow('light', 0.5, 0.35, 0.6, '#ffffff', 0.35)}`;
  const top = size * floor;
  const body = `<rect width="100%" height="100%" fill="${hsl(h, t.s, t.l)}"/>
    <path d="${arch}" fill="${hsl(h, t.s * 0.9, t.l - 4)}"/>
    <rect y="${f(top)}" width="${size}" height="${f(size - top)}" fill="url(#floor)" filter="url(#edge)"/>
    <rect width="100%" height="100%" fill="url(#light)"/>`;
  return {
    svg: svgDocument(size, defs, body),
    blur: 0,
    shadow: { colour: [60, 55, 50], strength: 0.45 },
    light: (rnd() - 0.5) * 0.6,
    reflection: 0,
  };
}

/** Warm interior: painted wall with window light and a blurred plant, on a wooden table top. */
function lifestyleScene(size: number, preset: number, rnd: () => number): Scene {
  const rooms = [
    { wall: [28, 38, 72], wood: [28, 45, 42] }, // sand wall, oak table
    { wall: [16, 45, 62], wood: [22, 40, 30] }, // terracotta wall, walnut
    { wall: [95, 16, 66], wood: [32, 40, 55] }, // sage wall, light ash
    { wall: [30, 10, 58], wood: [18, 35, 24] }, // warm grey wall, dark wood
  ] as const;
  const room = rooms[preset % rooms.length] ?? rooms[0];
  const table = 0.64 + (rnd() - 0.5) * 0.04;
  const windowX = rnd() < 0.5 ? 0.08 + rnd() * 0.15 : 0.6 + rnd() * 0.15;
  const plantX = windowX < 0.5 ? 0.78 + rnd() * 0.1 : 0.1 + rnd() * 0.1;
  const top = size * table;
  const pane = (i: number): string => {
    const x = (windowX + i * 0.09) * size;
    return `<path d="M${f(x)},${f(size * 0.05)} l${f(size * 0.07)},0 l${f(size * 0.16)},${f(top - size * 0.05)} l${f(-size * 0.07)},0 Z" fill="#fff8e6" opacity="0.22"/>`;
  };
  const leaves: string[] = [];
  for (let i = 0; i < 9; i++) {
    const angle = -150 + i * 15 + (rnd() - 0.5) * 10;
    const length = size * (0.1 + rnd() * 0.08);
    const cx = plantX * size;
    const cy = top - size * 0.17;
    leaves.push(
      `<ellipse cx="${f(cx)}" cy="${f(cy - length / 2)}" rx="${f(size * 0.018)}" ry="${f(length / 2)}" transform="rotate(${f(angle + 90)} ${f(cx)} ${f(cy)})" fill="${hsl(120 + rnd() * 30, 30, 28 + rnd() * 10)}"/>`,
    );
  }
  const potX = plantX * size;
  const defs = `
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${hsl(room.wall[0], room.wall[1], room.wall[2] + 6)}"/>
      <stop offset="1" stop-color="${hsl(room.wall[0], room.wall[1], room.wall[2] - 8)}"/>
    </linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(room.wood[0], room.wood[1], room.wood[2] + 6)}"/>
      <stop offset="1" stop-color="${hsl(room.wood[0], room.wood[1], room.wood[2] - 8)}"/>
    </linearGradient>
    <filter id="grain" x="0" y="0" width="1" height="1">
      <feTurbulence type="fractalNoise" baseFrequency="0.002 0.09" numOctaves="3" seed="${Math.floor(rnd() * 1000)}"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0.2  0 0 0 0 0.1  0 0 0 0 0.05  0 0 0 1.2 -0.45"/>
    </filter>
    <filter id="soft"><feGaussianBlur stdDeviation="${f(size * 0.012)}"/></filter>
    ${vignette('vig', 0.35)}`;
  const body = `<rect width="100%" height="100%" fill="url(#wall)"/>
    <g filter="url(#soft)">${pane(0)}${pane(1)}${pane(2)}</g>
    <g filter="url(#soft)" opacity="0.85">${leaves.join('')}
      <path d="M${f(potX - size * 0.05)},${f(top - size * 0.17)} l${f(size * 0.1)},0 l${f(-size * 0.012)},${f(size * 0.17)} l${f(-size * 0.076)},0 Z" fill="${hsl(20, 20, 85)}"/></g>
    <rect y="${f(top)}" width="${size}" height="${f(size - top)}" fill="url(#wood)"/>
    <rect y="${f(top)}" width="${size}" height="${f(size - top)}" filter="url(#grain)" opacity="0.6"/>
    <rect y="${f(top)}" width="${size}" height="${f(Math.max(1, size * 0.004))}" fill="#ffffff" opacity="0.18"/>
    <rect width="100%" height="100%" fill="url(#vig)"/>`;
  return {
    svg: svgDocument(size, defs, body),
    blur: size * 0.003,
    shadow: { colour: [35, 22, 12], strength: 0.75 },
    light: windowX < 0.5 ? -0.7 : 0.7,
    reflection: 0,
  };
}

const builders: Record<SceneStyle, (size: number, preset: number, rnd: () => number) => Scene> = {
  studio: studioScene,
  outdoor: outdoorScene,
  luxury: luxuryScene,
  minimal: minimalScene,
  lifestyle: lifestyleScene,
};

/** The procedural backdrop for a style and variant, as an sRGB PNG of size×size (exported for tests/previews). */
export async function renderSceneBackground(
  sceneStyle: SceneStyle,
  variant: number,
  size = 1024,
): Promise<{ png: Buffer; scene: Omit<Scene, 'svg'> }> {
  const rnd = seededRandom(hashString(`${sceneStyle}:${String(Math.trunc(variant))}`));
  const { svg, ...scene } = builders[sceneStyle](size, variantIndex(variant, 1_000_000), rnd);
  let image = sharp(Buffer.from(svg)).resize(size, size, { fit: 'fill' });
  if (scene.blur > 0.3) image = image.blur(scene.blur);
  return { png: await image.removeAlpha().png({ compressionLevel: 1 }).toBuffer(), scene };
}

interface Cutout {
  rgba: Buffer;
  width: number;
  height: number;
}

/** The cut-out trimmed to its opaque content and scaled to fit the product box (up or down). */
async function prepareCutout(cutout: Buffer, size: number): Promise<Cutout> {
  const { data, info } = await sharp(cutout, { autoOrient: true })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let minX = info.width;
  let minY = info.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      // A low threshold ignores the faint haze a matting model leaves around the subject.
      if ((data[(y * info.width + x) * 4 + 3] ?? 0) > 24) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) throw new Error('The cut-out is fully transparent: there is no product to place.');
  const boxWidth = Math.round(size * PRODUCT_MAX_WIDTH);
  const boxHeight = Math.round(size * PRODUCT_MAX_HEIGHT);
  const resized = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: 4 },
  })
    .extract({ left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 })
    .resize(boxWidth, boxHeight, { fit: 'inside', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba: resized.data, width: resized.info.width, height: resized.info.height };
}

/**
 * Adds a blurred, squashed copy of (part of) the product's alpha to a full-canvas shadow mask.
 * The silhouette's lowest rows are what touches the floor, so squashing them gives a footprint
 * shaped like the product's base instead of a generic ellipse.
 */
async function addShadowLayer(
  target: Float32Array,
  size: number,
  product: Cutout,
  placement: { left: number; floor: number },
  layer: {
    fromRow: number;
    widthScale: number;
    height: number;
    blur: number;
    opacity: number;
    shift: number;
  },
): Promise<void> {
  const rows = product.height - layer.fromRow;
  const alpha = Buffer.alloc(product.width * rows);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < product.width; x++) {
      alpha[y * product.width + x] =
        product.rgba[((y + layer.fromRow) * product.width + x) * 4 + 3] ?? 0;
    }
  }
  const width = Math.max(1, Math.round(product.width * layer.widthScale));
  const height = Math.max(1, Math.round(layer.height));
  const pad = Math.ceil(layer.blur * 3) + 1;
  const { data, info } = await sharp(alpha, {
    raw: { width: product.width, height: rows, channels: 1 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0 } })
    .blur(Math.max(0.3, layer.blur))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const originX = Math.round(placement.left + (product.width - width) / 2 + layer.shift) - pad;
  const originY = Math.round(placement.floor - height / 2) - pad;
  for (let y = 0; y < info.height; y++) {
    const ty = originY + y;
    if (ty < 0 || ty >= size) continue;
    for (let x = 0; x < info.width; x++) {
      const tx = originX + x;
      if (tx < 0 || tx >= size) continue;
      const value = ((data[y * info.width + x] ?? 0) / 255) * layer.opacity;
      const index = ty * size + tx;
      // Screen-style union so overlapping layers deepen without exceeding full opacity.
      target[index] = 1 - (1 - (target[index] ?? 0)) * (1 - value);
    }
  }
}

/** A mirrored, fading copy of the product below its base, for glossy floors. */
function reflectionOverlay(product: Cutout, opacity: number, room: number): Cutout | undefined {
  const rows = Math.min(room, Math.round(product.height * 0.35));
  if (rows < 2 || opacity <= 0) return undefined;
  const rgba = Buffer.alloc(product.width * rows * 4);
  for (let y = 0; y < rows; y++) {
    const sourceRow = product.height - 1 - y;
    const fade = opacity * (1 - y / rows) ** 2;
    for (let x = 0; x < product.width; x++) {
      const s = (sourceRow * product.width + x) * 4;
      const d = (y * product.width + x) * 4;
      rgba[d] = product.rgba[s] ?? 0;
      rgba[d + 1] = product.rgba[s + 1] ?? 0;
      rgba[d + 2] = product.rgba[s + 2] ?? 0;
      rgba[d + 3] = Math.round((product.rgba[s + 3] ?? 0) * fade);
    }
  }
  return { rgba, width: product.width, height: rows };
}

/**
 * Product photoshoot without a generative model: a procedurally drawn scene (different per style
 * and per variant), the cut-out standing centred on the floor at ~70 % of the frame height, and
 * a contact shadow made from its own alpha. The cut-out's existing transparency defines the
 * product; an opaque input is placed as a rectangle, so run background removal first.
 */
export async function composeProductScene(
  cutout: Buffer,
  options: ComposeSceneOptions,
): Promise<EngineImage<'image/jpeg'>> {
  const size = Math.round(clamp(options.size ?? 1024, 256, 4096));
  const [{ png: background, scene }, product] = await Promise.all([
    renderSceneBackground(options.sceneStyle, options.variant, size),
    prepareCutout(cutout, size),
  ]);
  const floor = Math.round(size * FLOOR_Y);
  const left = Math.round((size - product.width) / 2);
  const top = floor - product.height;

  // Shadow falls away from the light: shift it a little to the opposite side.
  const shift = -scene.light * product.width * 0.06;
  const shadowMask = new Float32Array(size * size);
  const strength = scene.shadow.strength;
  await addShadowLayer(
    shadowMask,
    size,
    product,
    { left, floor },
    {
      fromRow: Math.floor(product.height * 0.5),
      widthScale: 1.25,
      height: product.height * 0.12,
      blur: size * 0.022,
      opacity: 0.45 * strength,
      shift: shift * 1.5,
    },
  );
  await addShadowLayer(
    shadowMask,
    size,
    product,
    { left, floor },
    {
      fromRow: Math.floor(product.height * 0.88),
      widthScale: 1.02,
      height: Math.max(2, product.height * 0.035),
      blur: size * 0.005,
      opacity: 0.75 * strength,
      shift,
    },
  );
  const [sr, sg, sb] = scene.shadow.colour;
  const shadow = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    shadow[i * 4] = sr;
    shadow[i * 4 + 1] = sg;
    shadow[i * 4 + 2] = sb;
    shadow[i * 4 + 3] = Math.round((shadowMask[i] ?? 0) * 255);
  }

  const layers: OverlayOptions[] = [
    { input: shadow, raw: { width: size, height: size, channels: 4 }, left: 0, top: 0 },
  ];
  const reflection = reflectionOverlay(product, scene.reflection, size - floor);
  if (reflection) {
    layers.push({
      input: reflection.rgba,
      raw: { width: reflection.width, height: reflection.height, channels: 4 },
      left,
      top: floor,
    });
  }
  layers.push({
    input: product.rgba,
    raw: { width: product.width, height: product.height, channels: 4 },
    left,
    top,
  });
  const { data, info } = await sharp(background)
    .composite(layers)
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: 'image/jpeg', width: info.width, height: info.height };
}
