// The fashion extractor's three bundled example photos (document 2 §2: a fashion image upload
// with three examples). No stock photos exist here, so each is our own SVG drawing of a person
// silhouette wearing an outfit (a denim look, a summer dress, a suit) on a studio backdrop,
// rendered to JPEG with sharp.
//
// Usage: node --import tsx scripts/make-extractor-examples.ts
// Writes apps/web/public/examples/fashion-extractor/<name>.jpg (each < 60 KB).
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const W = 600;
const H = 800;
const OUT_DIR = path.resolve(import.meta.dirname, '../apps/web/public/examples/fashion-extractor');
const MAX_BYTES = 60 * 1024;
const BACKDROP = '#ece7df';
const SKIN = '#c68e67';
const HAIR = '#2f1f18';

/** Soft folds laid over a garment part. */
const FOLDS = `
  <linearGradient id="folds" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#000" stop-opacity="0.18"/>
    <stop offset="0.35" stop-color="#fff" stop-opacity="0.10"/>
    <stop offset="0.6" stop-color="#000" stop-opacity="0.05"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.20"/>
  </linearGradient>`;

/** The person: head, hair, neck, arms and legs; the outfit is drawn over them. */
const PERSON = `
  <ellipse cx="300" cy="770" rx="170" ry="14" fill="#000" fill-opacity="0.07"/>
  <path d="M255 150 L345 150 L340 190 L260 190 Z" fill="${SKIN}"/>
  <ellipse cx="300" cy="100" rx="46" ry="56" fill="${SKIN}"/>
  <path d="M252 96 Q252 36 300 36 Q350 36 348 98 Q336 64 300 62 Q266 64 252 96 Z" fill="${HAIR}"/>
  <path d="M205 200 L170 420 L192 428 L232 230 Z" fill="${SKIN}"/>
  <path d="M395 200 L430 420 L408 428 L368 230 Z" fill="${SKIN}"/>
  <path d="M252 440 L246 740 L282 740 L298 450 Z" fill="${SKIN}"/>
  <path d="M348 440 L354 740 L318 740 L302 450 Z" fill="${SKIN}"/>
  <ellipse cx="262" cy="748" rx="26" ry="10" fill="#222"/>
  <ellipse cx="338" cy="748" rx="26" ry="10" fill="#222"/>`;

const svg = (outfit: string) => `<svg xmlns="http://www.w3.org/2000/svg"
  width="${String(W)}" height="${String(H)}" viewBox="0 0 ${String(W)} ${String(H)}">
  <defs>${FOLDS}</defs>
  <rect width="${String(W)}" height="${String(H)}" fill="${BACKDROP}"/>
  ${PERSON}
  ${outfit}
</svg>`;

/** A garment part filled with its colour, then the folds over it. */
const part = (d: string, fill: string) =>
  `<path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#folds)"/>`;

const TEE =
  'M240 180 Q300 210 360 180 L410 210 L428 290 L392 300 L372 250 L370 450 L230 450 L228 250 L208 300 L172 290 L190 210 Z';
const JEANS = 'M230 440 L370 440 L380 735 L322 735 L302 520 L298 520 L278 735 L220 735 Z';
const DRESS =
  'M250 182 Q300 206 350 182 L372 200 L360 300 L350 330 Q420 560 440 640 Q300 680 160 640 Q180 560 250 330 L240 300 L228 200 Z';
const BLAZER =
  'M236 180 L300 260 L364 180 L412 206 L438 420 L404 428 L380 270 L378 470 L222 470 L220 270 L196 428 L162 420 L188 206 Z';
const TROUSERS = 'M226 460 L374 460 L384 735 L324 735 L302 530 L298 530 L276 735 L216 735 Z';

const OUTFITS: Record<string, string> = {
  'denim-look': `${part(JEANS, '#2f4f7f')}
    <path d="M300 446 L300 520" stroke="#c9a227" stroke-width="3"/>
    ${part(TEE, '#f5f5f0')}
    <path d="M276 188 Q300 204 324 188" stroke="#bbb" stroke-width="3" fill="none"/>`,
  'summer-dress': `${part(DRESS, '#e0607e')}
    ${[
      [260, 380],
      [330, 420],
      [230, 520],
      [300, 560],
      [370, 520],
      [250, 610],
      [350, 620],
    ]
      .map(([x, y]) => `<circle cx="${String(x)}" cy="${String(y)}" r="9" fill="#fde4ec"/>`)
      .join('')}
    <rect x="252" y="318" width="96" height="16" rx="6" fill="#9f1d3f"/>`,
  suit: `${part(TROUSERS, '#2b2f3a')}
    <path d="M262 182 L300 260 L338 182 Z" fill="#f4f4f4"/>
    <path d="M292 196 L308 196 L304 270 L296 270 Z" fill="#7a1f2b"/>
    ${part(BLAZER, '#3b4252')}
    <circle cx="300" cy="330" r="6" fill="#111"/><circle cx="300" cy="380" r="6" fill="#111"/>`,
};

await fs.mkdir(OUT_DIR, { recursive: true });
for (const [name, outfit] of Object.entries(OUTFITS)) {
  const file = path.join(OUT_DIR, `${name}.jpg`);
  const bytes = await sharp(Buffer.from(svg(outfit)))
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  if (bytes.length >= MAX_BYTES) throw new Error(`${name}.jpg is ${String(bytes.length)} bytes`);
  await fs.writeFile(file, bytes);
  console.log(`${path.relative(process.cwd(), file)}: ${String(bytes.length)} bytes`);
}
