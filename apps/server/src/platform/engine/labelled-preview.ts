import sharp, { type OverlayOptions } from 'sharp';
import {
  ENGINE_INPUT_PIXEL_LIMIT,
  type EngineImage,
  clamp,
  escapeXml,
  variantIndex,
} from './shared';

export interface LabelledPreviewOptions {
  /** Tool name shown in the banner, e.g. 'Virtual try-on'. */
  title: string;
  /** Why this is a preview, e.g. 'Preview — a generative model is needed for this tool. …'. */
  note: string;
  variant: number;
  /** Default 768 × 1152 (2:3 portrait). */
  width?: number;
  height?: number;
}

/** Banner colour: a saturated signal orange that no neutral canvas or product shot is mistaken for. */
export const PREVIEW_BANNER_COLOUR = '#d9480f';
export const PREVIEW_LABEL = 'PREVIEW';

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
/** Most inputs shown; the rest are counted in a "+n" tile instead of shrinking everything. */
const MAX_TILES = 5;

interface Cell {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Greedy word wrap by estimated width. librsvg cannot measure text for us, so an average glyph
 * width (≈0.55 em for DejaVu Sans) stands in; lines are kept a little short to stay inside.
 */
function wrap(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const maxChars = Math.max(8, Math.floor(maxWidth / (fontSize * 0.56)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const chunk = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
    if (line && line.length + 1 + chunk.length > maxChars) {
      lines.push(line);
      line = chunk;
    } else {
      line = line ? `${line} ${chunk}` : chunk;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const last = kept[maxLines - 1] ?? '';
    kept[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 1))}…`;
    return kept;
  }
  return lines;
}

function truncate(text: string, fontSize: number, maxWidth: number, em = 0.6): string {
  const maxChars = Math.max(4, Math.floor(maxWidth / (fontSize * em)));
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > maxChars ? `${single.slice(0, maxChars - 1)}…` : single;
}

/**
 * Cells for n tiles inside the given area: one large; two or three side by side; more as one
 * large tile on top with the rest in a row below.
 */
function layout(count: number, area: Cell, gap: number): Cell[] {
  if (count <= 0) return [];
  if (count <= 3) {
    const width = (area.width - gap * (count - 1)) / count;
    return Array.from({ length: count }, (_, i) => ({
      left: area.left + i * (width + gap),
      top: area.top,
      width,
      height: area.height,
    }));
  }
  const heroHeight = (area.height - gap) * 0.64;
  const rest = count - 1;
  const width = (area.width - gap * (rest - 1)) / rest;
  return [
    { left: area.left, top: area.top, width: area.width, height: heroHeight },
    ...Array.from({ length: rest }, (_, i) => ({
      left: area.left + i * (width + gap),
      top: area.top + heroHeight + gap,
      width,
      height: area.height - heroHeight - gap,
    })),
  ];
}

/** An input fitted into a cell, or undefined if it cannot be decoded (shown as a placeholder). */
async function fitted(input: Buffer, cell: Cell): Promise<OverlayOptions | undefined> {
  try {
    const { data, info } = await sharp(input, {
      autoOrient: true,
      limitInputPixels: ENGINE_INPUT_PIXEL_LIMIT,
    })
      .resize(Math.max(1, Math.floor(cell.width)), Math.max(1, Math.floor(cell.height)), {
        fit: 'inside',
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    return {
      input: data,
      left: Math.round(cell.left + (cell.width - info.width) / 2),
      top: Math.round(cell.top + (cell.height - info.height) / 2),
    };
  } catch {
    return undefined;
  }
}

/**
 * An honest stand-in for tools that need a generative model: the inputs side by side on a neutral
 * canvas under an orange PREVIEW banner with the tool name, a large diagonal PREVIEW watermark
 * across the pictures, and the explanatory note at the bottom. Nothing here imitates a result.
 */
export async function renderLabelledPreview(
  inputs: Buffer[],
  options: LabelledPreviewOptions,
): Promise<EngineImage<'image/jpeg'>> {
  const width = Math.round(clamp(options.width ?? 768, 320, 4096));
  const height = Math.round(clamp(options.height ?? 1152, 320, 4096));
  const unit = Math.min(width, height) / 768;
  const margin = Math.round(24 * unit);
  const bannerHeight = Math.round(104 * unit);
  const footerHeight = Math.round(150 * unit);
  const variantNumber = variantIndex(options.variant, 1_000_000);

  // Each variant gets a slightly different neutral so a set of previews is told apart at a glance.
  const hue = (variantNumber * 47) % 360;
  const canvas = `hsl(${hue}, 8%, 91%)`;

  const shown = inputs.length > MAX_TILES ? inputs.slice(0, MAX_TILES - 1) : inputs;
  const hidden = inputs.length - shown.length;
  // With many inputs, the variant picks which one is the large tile.
  const heroIndex = shown.length >= 4 ? variantNumber % shown.length : 0;
  const ordered = [shown[heroIndex], ...shown.filter((_, i) => i !== heroIndex)].filter(
    (b): b is Buffer => b !== undefined,
  );
  const tileCount = ordered.length + (hidden > 0 ? 1 : 0);
  const area: Cell = {
    left: margin,
    top: bannerHeight + margin,
    width: width - 2 * margin,
    height: height - bannerHeight - footerHeight - 2 * margin,
  };
  const cells = layout(tileCount, area, Math.round(14 * unit));
  const pad = Math.round(8 * unit);
  const inner = (cell: Cell): Cell => ({
    left: cell.left + pad,
    top: cell.top + pad,
    width: cell.width - 2 * pad,
    height: cell.height - 2 * pad,
  });
  const placed = await Promise.all(
    ordered.map((input, i) => {
      const cell = cells[i];
      return cell ? fitted(input, inner(cell)) : Promise.resolve(undefined);
    }),
  );

  const f = (n: number) => n.toFixed(1);
  const mats = cells
    .map(
      (cell) =>
        `<rect x="${f(cell.left)}" y="${f(cell.top)}" width="${f(cell.width)}" height="${f(cell.height)}" rx="${f(6 * unit)}" fill="#ffffff" stroke="#c9c6c0" stroke-width="${f(unit)}"/>`,
    )
    .join('');
  const cellText = (cell: Cell, text: string, size: number) =>
    `<text x="${f(cell.left + cell.width / 2)}" y="${f(cell.top + cell.height / 2)}" font-family="${FONT}" font-size="${f(size)}" fill="#77736c" text-anchor="middle" dominant-baseline="middle">${escapeXml(text)}</text>`;
  const placeholders = placed
    .map((overlay, i) => {
      const cell = cells[i];
      return overlay || !cell ? '' : cellText(cell, 'Image could not be read', 18 * unit);
    })
    .join('');
  const moreCell = hidden > 0 ? cells[tileCount - 1] : undefined;
  const more = moreCell ? cellText(moreCell, `+${hidden} more`, 28 * unit) : '';
  const empty = inputs.length === 0 ? cellText(area, 'No input images', 22 * unit) : '';

  const titleSize = 26 * unit;
  const labelSize = 44 * unit;
  const title = escapeXml(truncate(options.title, titleSize, width - 2 * margin - 260 * unit));
  const noteSize = 19 * unit;
  const noteLines = wrap(options.note, noteSize, width - 2 * margin, 3)
    .map(
      (line, i) =>
        `<tspan x="${margin}" dy="${i === 0 ? 0 : f(noteSize * 1.35)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const footerTop = height - footerHeight;

  const base = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${canvas}"/>
    ${mats}${placeholders}${more}${empty}
    <rect y="${footerTop}" width="${width}" height="${footerHeight}" fill="#2b2a28"/>
    <text y="${f(footerTop + 40 * unit)}" font-family="${FONT}" font-size="${f(noteSize)}" fill="#f3f1ec">${noteLines}</text>
    <text x="${margin}" y="${f(height - 20 * unit)}" font-family="${FONT}" font-size="${f(15 * unit)}" fill="#a8a39a">Variant ${variantNumber + 1} · offline engine preview · not a generated result</text>
  </svg>`;

  // The watermark and banner go on top of the pictures so they cannot be cropped off one tile.
  const diagonal = Math.hypot(area.width, area.height);
  const angle = (-Math.atan2(area.height, area.width) * 180) / Math.PI;
  const cx = area.left + area.width / 2;
  const cy = area.top + area.height / 2;
  // "PREVIEW" in bold with spacing runs ≈6 em wide; keep it inside the diagonal with room to spare.
  const watermarkSize = Math.min(diagonal / 7.5, 180 * unit);
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><clipPath id="area"><rect x="${area.left}" y="${area.top}" width="${area.width}" height="${area.height}"/></clipPath></defs>
    <g clip-path="url(#area)"><g transform="rotate(${f(angle)} ${f(cx)} ${f(cy)})">
      <rect x="${f(cx - diagonal / 2)}" y="${f(cy - watermarkSize * 0.62)}" width="${f(diagonal)}" height="${f(watermarkSize * 1.24)}" fill="${PREVIEW_BANNER_COLOUR}" fill-opacity="0.16"/>
      <text x="${f(cx)}" y="${f(cy)}" font-family="${FONT}" font-weight="bold" font-size="${f(watermarkSize)}" letter-spacing="${f(watermarkSize * 0.08)}" text-anchor="middle" dominant-baseline="central" fill="#ffffff" fill-opacity="0.55" stroke="${PREVIEW_BANNER_COLOUR}" stroke-opacity="0.85" stroke-width="${f(Math.max(2, watermarkSize * 0.025))}">${PREVIEW_LABEL}</text>
    </g></g>
    <rect width="${width}" height="${bannerHeight}" fill="${PREVIEW_BANNER_COLOUR}"/>
    <text x="${margin}" y="${f(bannerHeight / 2)}" font-family="${FONT}" font-weight="bold" font-size="${f(labelSize)}" letter-spacing="${f(3 * unit)}" fill="#ffffff" dominant-baseline="central">${PREVIEW_LABEL}</text>
    <text x="${width - margin}" y="${f(bannerHeight / 2)}" font-family="${FONT}" font-size="${f(titleSize)}" fill="#ffffff" text-anchor="end" dominant-baseline="central">${title}</text>
  </svg>`;

  const layers: OverlayOptions[] = placed.filter((o): o is OverlayOptions => o !== undefined);
  layers.push({ input: Buffer.from(overlay), left: 0, top: 0 });
  const { data, info } = await sharp(Buffer.from(base))
    .composite(layers)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: 'image/jpeg', width: info.width, height: info.height };
}
