/**
 * Writes the garment-fidelity evaluation set (issue 31 item 3) to eval/fidelity-set: the project's
 * own renders, so the set may ship with it. Each garment is a product shot (a cut-out, or on a
 * white sweep); each result shows it worn-like in a scene (a backdrop, a wearer's head, neck, arms
 * and hair), either as the same garment (another scale, angle, light, backdrop, partly covered)
 * or changed as a try-on can go wrong (recoloured by an exact CIEDE2000, print, logo or text lost
 * or changed, another garment). Deterministic: the same files every run.
 *
 * Usage: node --import tsx scripts/make-fidelity-set.ts [DIR]
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { convertLab65ToRgb, differenceCiede2000, formatHex } from 'culori';
import sharp from 'sharp';

interface Lab {
  l: number;
  a: number;
  b: number;
}
type Category = 'tops' | 'bottoms' | 'one-pieces';
type Cut = 'tee' | 'tank' | 'trousers' | 'dress' | 'skirt';
type Print = 'solid' | 'stripes' | 'checks' | 'dots' | 'logo' | 'text';

interface Garment {
  name: string;
  cut: Cut;
  category: Category;
  base: Lab;
  accent: Lab;
  print: Print;
  /** The word a text print or logo carries. */
  word?: string;
}

const ciede2000 = differenceCiede2000();
const deltaE = (x: Lab, y: Lab) => ciede2000({ mode: 'lab65', ...x }, { mode: 'lab65', ...y });
const hex = (lab: Lab) => {
  const rgb = convertLab65ToRgb(lab);
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return formatHex({ mode: 'rgb', r: clamp(rgb.r), g: clamp(rgb.g), b: clamp(rgb.b) });
};

/** `base` turned in hue (at its lightness) until it sits exactly `target` ΔE00 away. */
function recoloured(base: Lab, target: number): Lab {
  const chroma = Math.hypot(base.a, base.b);
  // A near-grey colour has no hue to turn: move it along a.
  const direction = chroma < 4 ? { a: 1, b: 0 } : { a: -base.b / chroma, b: base.a / chroma };
  let [low, high] = [0, 120];
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    const moved = { l: base.l, a: base.a + direction.a * mid, b: base.b + direction.b * mid };
    if (deltaE(base, moved) < target) low = mid;
    else high = mid;
  }
  return { l: base.l, a: base.a + direction.a * low, b: base.b + direction.b * low };
}

const GARMENTS: Garment[] = [
  {
    name: 'tee-stripes',
    cut: 'tee',
    category: 'tops',
    base: { l: 48, a: 42, b: 18 },
    accent: { l: 92, a: 0, b: 3 },
    print: 'stripes',
  },
  {
    name: 'tee-logo',
    cut: 'tee',
    category: 'tops',
    base: { l: 35, a: 2, b: -30 },
    accent: { l: 85, a: 2, b: 70 },
    print: 'logo',
    word: 'SUN',
  },
  {
    name: 'tee-text',
    cut: 'tee',
    category: 'tops',
    base: { l: 90, a: 0, b: 2 },
    accent: { l: 25, a: 10, b: -35 },
    print: 'text',
    word: 'ALOHA',
  },
  {
    name: 'tank-dots',
    cut: 'tank',
    category: 'tops',
    base: { l: 60, a: -35, b: 25 },
    accent: { l: 95, a: 0, b: 0 },
    print: 'dots',
  },
  {
    name: 'tank-solid',
    cut: 'tank',
    category: 'tops',
    base: { l: 70, a: 20, b: 60 },
    accent: { l: 70, a: 20, b: 60 },
    print: 'solid',
  },
  {
    name: 'trousers-checks',
    cut: 'trousers',
    category: 'bottoms',
    base: { l: 40, a: 5, b: 25 },
    accent: { l: 20, a: 3, b: 8 },
    print: 'checks',
  },
  {
    name: 'skirt-solid',
    cut: 'skirt',
    category: 'bottoms',
    base: { l: 30, a: 30, b: -45 },
    accent: { l: 30, a: 30, b: -45 },
    print: 'solid',
  },
  {
    name: 'dress-dots',
    cut: 'dress',
    category: 'one-pieces',
    base: { l: 45, a: 55, b: 30 },
    accent: { l: 92, a: 0, b: 5 },
    print: 'dots',
  },
  {
    name: 'dress-stripes',
    cut: 'dress',
    category: 'one-pieces',
    base: { l: 55, a: -10, b: -30 },
    accent: { l: 88, a: -2, b: -8 },
    print: 'stripes',
  },
];

/** Each cut's outline in a 400 × 500 box, where a wearer's shoulders sit at y ≈ 100. */
const OUTLINES: Record<Cut, string> = {
  tee: 'M130 100 L170 90 Q200 110 230 90 L270 100 L330 160 L295 190 L275 170 L275 360 L125 360 L125 170 L105 190 L70 160 Z',
  tank: 'M150 95 L170 95 Q200 140 230 95 L250 95 L262 170 L272 360 L128 360 L138 170 Z',
  trousers: 'M125 200 L275 200 L290 470 L215 470 L200 280 L185 470 L110 470 Z',
  skirt: 'M140 210 L260 210 L310 420 L90 420 Z',
  dress:
    'M150 95 L172 95 Q200 130 228 95 L250 95 L260 200 L245 240 L320 470 L80 470 L155 240 L140 200 Z',
};

function printDefs(garment: Garment, accent: Lab): string {
  const a = hex(accent);
  const b = hex(garment.base);
  switch (garment.print) {
    case 'stripes':
      return `<pattern id="print" width="40" height="24" patternUnits="userSpaceOnUse"><rect width="40" height="24" fill="${b}"/><rect y="14" width="40" height="10" fill="${a}"/></pattern>`;
    case 'checks':
      return `<pattern id="print" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${b}"/><rect width="18" height="18" fill="${a}"/><rect x="18" y="18" width="18" height="18" fill="${a}"/></pattern>`;
    case 'dots':
      return `<pattern id="print" width="30" height="30" patternUnits="userSpaceOnUse"><rect width="30" height="30" fill="${b}"/><circle cx="15" cy="15" r="6" fill="${a}"/></pattern>`;
    default:
      return `<pattern id="print" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${b}"/></pattern>`;
  }
}

/** A chest logo or text print: what a try-on most often loses. */
function chestMark(garment: Garment, accent: Lab, word: string | undefined): string {
  if (!word) return '';
  const a = hex(accent);
  if (garment.print === 'logo') {
    return `<circle cx="200" cy="190" r="38" fill="${a}"/><text x="200" y="202" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="30" text-anchor="middle" fill="${hex(garment.base)}">${word}</text>`;
  }
  return `<text x="200" y="210" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="44" text-anchor="middle" fill="${a}">${word}</text>`;
}

interface Variant {
  base?: Lab;
  accent?: Lab;
  print?: Print;
  /** The logo or text word; null removes the mark. */
  word?: string | null;
}

/** The garment alone as an SVG group in the 400 × 500 box. */
function garmentSvg(garment: Garment, variant: Variant = {}): { defs: string; body: string } {
  const drawn: Garment = {
    ...garment,
    base: variant.base ?? garment.base,
    print: variant.print ?? garment.print,
  };
  const accent = variant.accent ?? garment.accent;
  const word = variant.word === null ? undefined : (variant.word ?? garment.word);
  const folds = `<path d="${OUTLINES[garment.cut]}" fill="url(#folds)"/>`;
  return {
    defs: `${printDefs(drawn, accent)}<linearGradient id="folds" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity="0.10"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.06"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>`,
    body: `<path d="${OUTLINES[garment.cut]}" fill="url(#print)"/>${chestMark(drawn, accent, word)}${folds}`,
  };
}

const SKIN = ['#e0b08a', '#8d5a3b', '#c68863', '#f1c9a8'];
const HAIR = ['#2b1d14', '#6b4423', '#121212'];

interface Scene {
  backdrop: [string, string];
  scale: number;
  angle: number;
  dx: number;
  dy: number;
  /** 1 = as shot; below darkens, above lightens the whole frame. */
  light: number;
  skin: string;
  hair: string;
  /** Arms crossing in front of the garment, or long hair over a shoulder. */
  cover: 'none' | 'arms' | 'hair';
}

const BASE_SCENE: Scene = {
  backdrop: ['#d9dde3', '#b9c2cc'],
  scale: 0.9,
  angle: 0,
  dx: 0,
  dy: 10,
  light: 1,
  skin: SKIN[0] ?? '#e0b08a',
  hair: HAIR[0] ?? '#2b1d14',
  cover: 'none',
};

/** The garment worn-like in a scene, as a try-on or pose result shows it. */
function sceneSvg(garment: Garment, variant: Variant, scene: Scene): string {
  const { defs, body } = garmentSvg(garment, variant);
  const bottoms = garment.category === 'bottoms';
  const wearer = bottoms
    ? `<rect x="150" y="40" width="100" height="170" rx="40" fill="#f4f4f4"/><rect x="125" y="60" width="150" height="150" rx="30" fill="#e9e9ef"/><circle cx="200" cy="20" r="40" fill="${scene.skin}"/>`
    : `<rect x="185" y="55" width="30" height="50" fill="${scene.skin}"/><ellipse cx="200" cy="35" rx="38" ry="46" fill="${scene.skin}"/><path d="M160 30 Q200 -20 240 30 L240 10 Q200 -30 160 10 Z" fill="${scene.hair}"/><rect x="60" y="170" width="34" height="200" rx="16" fill="${scene.skin}"/><rect x="306" y="170" width="34" height="200" rx="16" fill="${scene.skin}"/><rect x="140" y="360" width="45" height="140" fill="${scene.skin}"/><rect x="215" y="360" width="45" height="140" fill="${scene.skin}"/>`;
  const cover =
    scene.cover === 'arms'
      ? `<rect x="95" y="250" width="210" height="36" rx="18" fill="${scene.skin}"/>`
      : scene.cover === 'hair'
        ? `<path d="M165 30 Q140 140 150 230 L185 230 Q175 140 190 40 Z" fill="${scene.hair}"/>`
        : '';
  const overlay =
    scene.light === 1
      ? ''
      : `<rect width="400" height="500" fill="${scene.light < 1 ? '#000' : '#fff'}" opacity="${Math.abs(1 - scene.light).toFixed(2)}"/>`;
  const transform = `translate(${200 + scene.dx} ${250 + scene.dy}) rotate(${scene.angle}) scale(${scene.scale}) translate(-200 -250)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500"><defs>${defs}<linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.backdrop[0]}"/><stop offset="1" stop-color="${scene.backdrop[1]}"/></linearGradient></defs><rect width="400" height="500" fill="url(#backdrop)"/><g transform="${transform}">${wearer}${body}${cover}</g>${overlay}</svg>`;
}

/**
 * The hand-drawn truth for the mask tests: the garment's outline, white on black, where the
 * scene shows it (the arms or hair laid over it drawn black), with no wearer, light or backdrop.
 */
function sceneMaskSvg(garment: Garment, scene: Scene): string {
  const transform = `translate(${200 + scene.dx} ${250 + scene.dy}) rotate(${scene.angle}) scale(${scene.scale}) translate(-200 -250)`;
  const cover =
    scene.cover === 'arms'
      ? '<rect x="95" y="250" width="210" height="36" rx="18" fill="#000"/>'
      : scene.cover === 'hair'
        ? '<path d="M165 30 Q140 140 150 230 L185 230 Q175 140 190 40 Z" fill="#000"/>'
        : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500"><rect width="400" height="500" fill="#000"/><g transform="${transform}"><path d="${OUTLINES[garment.cut]}" fill="#fff"/>${cover}</g></svg>`;
}
const productMaskSvg = (garment: Garment) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500"><rect width="400" height="500" fill="#000"/><path d="${OUTLINES[garment.cut]}" fill="#fff"/></svg>`;

/** The product shot: a cut-out (transparent) or on a white sweep. */
function productSvg(garment: Garment, onWhite: boolean): string {
  const { defs, body } = garmentSvg(garment);
  const sweep = onWhite ? '<rect width="400" height="500" fill="#f7f7f5"/>' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500"><defs>${defs}</defs>${sweep}${body}</svg>`;
}

interface Pair {
  result: string;
  expected: 'match' | 'mismatch';
  svg: string;
  /** The scene's true garment mask, for the pairs the mask tests use. */
  maskSvg?: string;
}

/** Results whose true garment mask is written too: each cover, light, backdrop, cut and angle. */
const MASKED_RESULTS = new Set([
  'tee-stripes--arms-over.jpg',
  'skirt-solid--hair-over.jpg',
  'dress-dots--dim-light.jpg',
  'tank-solid--same.jpg',
  'trousers-checks--other-backdrop.jpg',
  'tee-logo--turned.jpg',
]);

function pairsFor(garment: Garment, index: number, other: Garment): Pair[] {
  const scene = (over: Partial<Scene>) => ({
    ...BASE_SCENE,
    skin: SKIN[index % SKIN.length] ?? '#e0b08a',
    ...over,
  });
  /** One result: the garment (or `drawn`) as `variant` in a scene changed by `over`. */
  const pair = (
    suffix: string,
    expected: Pair['expected'],
    variant: Variant = {},
    over: Partial<Scene> = {},
    drawn = garment,
  ): Pair => ({
    result: `${garment.name}--${suffix}.jpg`,
    expected,
    svg: sceneSvg(drawn, variant, scene(over)),
    ...(MASKED_RESULTS.has(`${garment.name}--${suffix}.jpg`)
      ? { maskSvg: sceneMaskSvg(drawn, scene(over)) }
      : {}),
  });
  const match = (suffix: string, over: Partial<Scene>) => pair(suffix, 'match', {}, over);
  const mismatch = (suffix: string, variant: Variant) => pair(suffix, 'mismatch', variant);
  const pairs: Pair[] = [
    match('same', {}),
    match('smaller', { scale: 0.6, dx: -40 }),
    match('turned', { angle: 9, scale: 0.85 }),
    match('dim-light', { light: 0.85, backdrop: ['#8a7f74', '#5d554e'] }),
    match('bright-light', { light: 1.12 }),
    match('other-backdrop', { backdrop: ['#2f4f4f', '#1c2f2f'], hair: HAIR[1] ?? '#6b4423' }),
    match(garment.category === 'bottoms' ? 'hair-over' : 'arms-over', {
      cover: garment.category === 'bottoms' ? 'hair' : 'arms',
    }),
    mismatch('recolour-6', { base: recoloured(garment.base, 6) }),
    mismatch('recolour-10', { base: recoloured(garment.base, 10) }),
    pair('another-garment', 'mismatch', {}, {}, other),
  ];
  if (garment.print === 'logo' || garment.print === 'text') {
    pairs.push(mismatch('mark-lost', { word: null }));
    pairs.push(mismatch('mark-changed', { word: garment.print === 'logo' ? 'SKY' : 'HELLO' }));
  } else if (garment.print !== 'solid') {
    pairs.push(mismatch('print-lost', { print: 'solid' }));
    pairs.push(mismatch('print-changed', { print: garment.print === 'dots' ? 'stripes' : 'dots' }));
  } else {
    pairs.push(mismatch('print-added', { print: 'dots', accent: { l: 95, a: 0, b: 0 } }));
  }
  return pairs;
}

async function main() {
  const dir = path.resolve(process.argv[2] ?? 'eval/fidelity-set');
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(path.join(dir, 'garments'), { recursive: true });
  await fs.mkdir(path.join(dir, 'results'), { recursive: true });
  await fs.mkdir(path.join(dir, 'masks'), { recursive: true });
  const writeMask = (svg: string, image: string) =>
    sharp(Buffer.from(svg))
      .extractChannel(0)
      .png({ compressionLevel: 9 })
      .toFile(path.join(dir, 'masks', `${path.basename(image, path.extname(image))}.png`));
  const rows = ['garment,result,category,expected'];
  for (const [index, garment] of GARMENTS.entries()) {
    const onWhite = index % 3 === 2;
    const garmentFile = `garments/${garment.name}.${onWhite ? 'jpg' : 'png'}`;
    const product = sharp(Buffer.from(productSvg(garment, onWhite)));
    await (onWhite ? product.jpeg({ quality: 85 }) : product.png({ compressionLevel: 9 })).toFile(
      path.join(dir, garmentFile),
    );
    // The product shots on a sweep have a true mask too (a cut-out's is its own transparency).
    if (onWhite) await writeMask(productMaskSvg(garment), garmentFile);
    const other = GARMENTS[(index + 3) % GARMENTS.length] ?? garment;
    for (const pair of pairsFor(garment, index, other)) {
      await sharp(Buffer.from(pair.svg))
        .jpeg({ quality: 80 })
        .toFile(path.join(dir, 'results', pair.result));
      if (pair.maskSvg) await writeMask(pair.maskSvg, pair.result);
      const category = index % 4 === 3 ? 'auto' : garment.category;
      rows.push(`${garmentFile},results/${pair.result},${category},${pair.expected}`);
    }
  }
  await fs.writeFile(path.join(dir, 'pairs.csv'), `${rows.join('\n')}\n`);
  process.stdout.write(`wrote ${String(rows.length - 1)} pairs to ${dir}\n`);
}

await main();
