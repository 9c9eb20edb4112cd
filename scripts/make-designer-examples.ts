// The AI designer's three bundled example cloths (document 2 §3: name, preview, prompt, result
// images; bundled, not from the server). No stock photos exist here, so the garments are our own
// SVG drawings (a kurta, a dress, a t-shirt laid flat), rendered with sharp, and their example
// results are what the offline engine really makes of them: the server's own palette recolouring
// (`recolourGarment`, the local provider's `design`), run here with each example's palette. The
// page says so under the example results.
//
// Usage: node --import tsx scripts/make-designer-examples.ts
// Writes apps/web/public/examples/ai-designer/<name>.jpg and <name>-result-<n>.jpg (each < 60 KB).
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { recolourGarment } from '../apps/server/src/platform/engine/recolour';

const W = 600;
const H = 800;
const OUT_DIR = path.resolve(import.meta.dirname, '../apps/web/public/examples/ai-designer');
/** Results per example: the engine's variants 0 and 1 (which palette colour goes where). */
const RESULTS = 2;
const MAX_BYTES = 60 * 1024;

/** A flat, light studio backdrop: the engine finds it along the border and leaves it alone. */
const BACKDROP = '#f3f0ea';

/** Soft folds: a vertical light-to-shadow gradient laid over a garment part. */
const folds = (id: string) => `
  <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#000" stop-opacity="0.16"/>
    <stop offset="0.3" stop-color="#fff" stop-opacity="0.10"/>
    <stop offset="0.55" stop-color="#000" stop-opacity="0.06"/>
    <stop offset="0.8" stop-color="#fff" stop-opacity="0.08"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.18"/>
  </linearGradient>`;

const svg = (body: string, defs: string) => `<svg xmlns="http://www.w3.org/2000/svg"
  width="${String(W)}" height="${String(H)}" viewBox="0 0 ${String(W)} ${String(H)}">
  <defs>${defs}</defs>
  <rect width="${String(W)}" height="${String(H)}" fill="${BACKDROP}"/>
  <ellipse cx="300" cy="760" rx="210" ry="14" fill="#000" fill-opacity="0.05"/>
  ${body}
</svg>`;

/** A long straight kurta with side slits, a contrast yoke and embroidered buttons. */
const kurta = svg(
  `<path d="M232 90 Q300 118 368 90 L470 140 L520 330 L470 348 L430 230 L432 700
      Q300 722 168 700 L170 230 L130 348 L80 330 L130 140 Z" fill="#c2410c"/>
   <path d="M232 90 Q300 118 368 90 L470 140 L520 330 L470 348 L430 230 L432 700
      Q300 722 168 700 L170 230 L130 348 L80 330 L130 140 Z" fill="url(#kurta-folds)"/>
   <path d="M232 90 Q300 118 368 90 L392 102 L380 230 Q300 250 220 230 L208 102 Z" fill="#0f766e"/>
   <path d="M268 100 Q300 150 332 100 L320 96 Q300 130 280 96 Z" fill="${BACKDROP}"/>
   <rect x="294" y="130" width="12" height="160" fill="#facc15"/>
   ${[160, 200, 240, 280].map((y) => `<circle cx="300" cy="${String(y)}" r="7" fill="#fde68a"/>`).join('')}
   <path d="M168 690 L168 560 L178 560 L180 700 Z" fill="${BACKDROP}"/>
   <path d="M432 690 L432 560 L422 560 L420 700 Z" fill="${BACKDROP}"/>
   <path d="M170 670 Q300 690 430 670 L432 700 Q300 722 168 700 Z" fill="#0f766e"/>`,
  folds('kurta-folds'),
);

/** A fit-and-flare dress with a sash at the waist and a flared skirt. */
const dress = svg(
  `<path d="M240 80 L270 80 Q300 120 330 80 L360 80 L380 170 L400 300 L200 300 L220 170 Z"
      fill="#2563eb"/>
   <path d="M200 300 L400 300 L520 720 Q300 760 80 720 Z" fill="#2563eb"/>
   <path d="M240 80 L270 80 Q300 120 330 80 L360 80 L380 170 L400 300 L200 300 L220 170 Z"
      fill="url(#dress-folds)"/>
   <path d="M200 300 L400 300 L520 720 Q300 760 80 720 Z" fill="url(#skirt-folds)"/>
   <rect x="196" y="288" width="208" height="34" rx="6" fill="#f9a8d4"/>
   <path d="M300 322 L270 420 L290 424 L300 350 L310 424 L330 420 Z" fill="#f9a8d4"/>
   <path d="M240 80 L212 60 L232 52 L262 80 Z" fill="#2563eb"/>
   <path d="M360 80 L388 60 L368 52 L338 80 Z" fill="#2563eb"/>`,
  `${folds('dress-folds')}
   <linearGradient id="skirt-folds" x1="0" y1="0" x2="1" y2="0">
     ${[0, 0.14, 0.28, 0.42, 0.56, 0.7, 0.84, 1]
       .map(
         (offset, i) =>
           `<stop offset="${String(offset)}" stop-color="${i % 2 ? '#fff' : '#000'}" stop-opacity="${i % 2 ? '0.10' : '0.16'}"/>`,
       )
       .join('')}
   </linearGradient>`,
);

/** A crew-neck t-shirt with a chest stripe and ribbed collar. */
const tshirt = svg(
  `<path d="M225 120 Q300 160 375 120 L500 180 L540 320 L450 345 L430 290 L432 690
      Q300 706 168 690 L170 290 L150 345 L60 320 L100 180 Z" fill="#16a34a"/>
   <path d="M225 120 Q300 160 375 120 L500 180 L540 320 L450 345 L430 290 L432 690
      Q300 706 168 690 L170 290 L150 345 L60 320 L100 180 Z" fill="url(#tee-folds)"/>
   <path d="M225 120 Q300 160 375 120 L362 114 Q300 146 238 114 Z" fill="#f5f5f4"/>
   <rect x="170" y="360" width="262" height="56" fill="#f5f5f4"/>
   <rect x="170" y="432" width="262" height="18" fill="#1e3a8a"/>`,
  folds('tee-folds'),
);

/** The examples as the page lists them (apps/web/src/features/tools/ai-designer/lib/examples.ts). */
const EXAMPLES = [
  { name: 'kurta', svg: kurta, palette: 'jewel' },
  { name: 'dress', svg: dress, palette: 'pastel' },
  { name: 't-shirt', svg: tshirt, palette: 'earth' },
] as const;

/** Compressed JPEG under the size limit (quality stepped down if needed). */
async function jpeg(input: Buffer): Promise<Buffer> {
  for (const quality of [78, 70, 62, 54]) {
    const out = await sharp(input)
      .resize(W, H, { fit: 'inside' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (out.length <= MAX_BYTES) return out;
  }
  throw new Error('could not get the image under 60 KB');
}

await fs.mkdir(OUT_DIR, { recursive: true });
for (const example of EXAMPLES) {
  const cloth = await jpeg(await sharp(Buffer.from(example.svg)).png().toBuffer());
  await fs.writeFile(path.join(OUT_DIR, `${example.name}.jpg`), cloth);
  console.log(`${example.name}.jpg ${String(cloth.length)} B`);
  for (let variant = 0; variant < RESULTS; variant++) {
    const recoloured = await recolourGarment(cloth, example.palette, variant);
    const result = await jpeg(recoloured.data);
    const file = `${example.name}-result-${String(variant + 1)}.jpg`;
    await fs.writeFile(path.join(OUT_DIR, file), result);
    console.log(`${file} ${String(result.length)} B (palette ${example.palette})`);
  }
}
