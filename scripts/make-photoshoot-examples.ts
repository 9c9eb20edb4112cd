// The Product AI Photoshoot's three bundled example products (document 2 §2: 'three example
// styles'; §4 example mode). No stock photos exist here, so the products are our own SVG drawings
// (a perfume bottle, a sneaker, a handbag), rendered with sharp, and their example results are what
// the offline engine really makes of them: the server's own scene composition
// (`composeProductScene`, the local provider's `photoshoot`), run here with each example's scene
// style. The drawings' own transparency is the cut-out (what the engine's background removal makes
// of a product on a plain backdrop), so the script needs no segmentation model. The page says so
// under the example results.
//
// Usage: node --import tsx scripts/make-photoshoot-examples.ts
// Writes apps/web/public/examples/photoshoot/<name>.jpg and <name>-result-<n>.jpg (each < 60 KB).
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  composeProductScene,
  type SceneStyle,
} from '../apps/server/src/platform/engine/photoshoot';

const W = 600;
const H = 600;
/** Edge of the example results (the engine's square scenes). */
const RESULT_SIZE = 600;
const OUT_DIR = path.resolve(import.meta.dirname, '../apps/web/public/examples/photoshoot');
/** Results per example: the engine's variants 0 and 1 (two takes on the style). */
const RESULTS = 2;
const MAX_BYTES = 60 * 1024;

/** A flat, light studio backdrop behind the product in the example photo. */
const BACKDROP = '#f1efeb';

const svg = (body: string, defs: string, backdrop: boolean) => `<svg
  xmlns="http://www.w3.org/2000/svg" width="${String(W)}" height="${String(H)}"
  viewBox="0 0 ${String(W)} ${String(H)}">
  <defs>${defs}</defs>
  ${backdrop ? `<rect width="${String(W)}" height="${String(H)}" fill="${BACKDROP}"/>` : ''}
  ${body}
</svg>`;

/** A faceted glass perfume bottle with a gold collar and a black cap. */
const perfume = {
  defs: `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#b45309"/><stop offset="0.35" stop-color="#f59e0b"/>
      <stop offset="0.6" stop-color="#fbbf24"/><stop offset="1" stop-color="#92400e"/>
    </linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#a16207"/><stop offset="0.5" stop-color="#fde68a"/>
      <stop offset="1" stop-color="#a16207"/>
    </linearGradient>`,
  body: `<rect x="255" y="70" width="90" height="90" rx="8" fill="#111827"/>
    <rect x="262" y="76" width="16" height="78" rx="4" fill="#374151"/>
    <rect x="240" y="160" width="120" height="34" rx="4" fill="url(#gold)"/>
    <path d="M170 210 Q170 194 190 194 L410 194 Q430 194 430 210 L440 500 Q440 530 410 530
      L190 530 Q160 530 160 500 Z" fill="url(#glass)"/>
    <path d="M195 220 L225 220 L215 500 L190 500 Z" fill="#fff" fill-opacity="0.35"/>
    <rect x="235" y="320" width="130" height="70" rx="4" fill="#fffbeb" fill-opacity="0.92"/>
    <rect x="255" y="340" width="90" height="8" rx="2" fill="#78350f"/>
    <rect x="270" y="360" width="60" height="6" rx="2" fill="#b45309"/>`,
};

/** A low-top sneaker in profile: white upper, blue panels, gum sole. */
const sneaker = {
  defs: `<linearGradient id="upper" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e5e7eb"/>
    </linearGradient>`,
  body: `<path d="M70 420 L90 300 Q100 270 140 268 L250 262 Q300 250 330 300 L380 330
      Q470 350 520 380 Q545 395 540 425 Z" fill="url(#upper)"/>
    <path d="M60 420 L545 420 Q555 445 535 462 L80 462 Q55 455 60 420 Z" fill="#b45309"/>
    <rect x="60" y="418" width="485" height="12" fill="#f5f5f4"/>
    <path d="M150 400 Q230 300 330 305 L350 320 Q260 330 200 410 Z" fill="#1d4ed8"/>
    <path d="M440 360 Q500 372 530 392 L530 415 L440 415 Z" fill="#1d4ed8"/>
    <path d="M92 300 Q100 272 140 270 L150 330 L95 340 Z" fill="#1d4ed8"/>
    ${[0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<rect x="${String(250 + i * 22)}" y="${String(282 + i * 9)}" width="16" height="5"
            rx="2" fill="#111827" transform="rotate(20 ${String(258 + i * 22)} ${String(284 + i * 9)})"/>`,
      )
      .join('')}`,
};

/** A structured leather handbag with a top handle and a clasp. */
const handbag = {
  defs: `<linearGradient id="leather" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#be123c"/><stop offset="0.6" stop-color="#9f1239"/>
      <stop offset="1" stop-color="#4c0519"/>
    </linearGradient>`,
  body: `<path d="M215 250 Q215 120 300 120 Q385 120 385 250" fill="none" stroke="#4c0519"
      stroke-width="22"/>
    <path d="M120 250 L480 250 L520 510 Q520 530 500 530 L100 530 Q80 530 80 510 Z"
      fill="url(#leather)"/>
    <path d="M120 250 L480 250 L470 330 Q300 370 130 330 Z" fill="#881337"/>
    <rect x="275" y="318" width="50" height="40" rx="6" fill="#fcd34d"/>
    <rect x="290" y="330" width="20" height="16" rx="3" fill="#92400e"/>
    <path d="M100 500 L500 500" stroke="#fda4af" stroke-opacity="0.5" stroke-width="3"
      stroke-dasharray="8 6"/>`,
};

/** The examples as the page lists them (apps/web/src/features/tools/photoshoot/lib/examples.ts). */
const EXAMPLES: readonly {
  name: string;
  drawing: { defs: string; body: string };
  style: SceneStyle;
}[] = [
  { name: 'perfume', drawing: perfume, style: 'luxury' },
  { name: 'sneaker', drawing: sneaker, style: 'outdoor' },
  { name: 'handbag', drawing: handbag, style: 'lifestyle' },
];

/** Compressed JPEG under the size limit (quality stepped down if needed). */
async function jpeg(input: Buffer, edge: number): Promise<Buffer> {
  for (const quality of [78, 70, 62, 54]) {
    const out = await sharp(input)
      .resize(edge, edge, { fit: 'inside' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (out.length <= MAX_BYTES) return out;
  }
  throw new Error('could not get the image under 60 KB');
}

await fs.mkdir(OUT_DIR, { recursive: true });
for (const example of EXAMPLES) {
  const { defs, body } = example.drawing;
  const photo = await jpeg(
    await sharp(Buffer.from(svg(body, defs, true)))
      .png()
      .toBuffer(),
    W,
  );
  await fs.writeFile(path.join(OUT_DIR, `${example.name}.jpg`), photo);
  console.log(`${example.name}.jpg ${String(photo.length)} B`);
  const cutout = await sharp(Buffer.from(svg(body, defs, false)))
    .png()
    .toBuffer();
  for (let variant = 0; variant < RESULTS; variant++) {
    const scene = await composeProductScene(cutout, {
      sceneStyle: example.style,
      variant,
      size: RESULT_SIZE,
    });
    const result = await jpeg(scene.data, RESULT_SIZE);
    const file = `${example.name}-result-${String(variant + 1)}.jpg`;
    await fs.writeFile(path.join(OUT_DIR, file), result);
    console.log(`${file} ${String(result.length)} B (scene ${example.style})`);
  }
}
