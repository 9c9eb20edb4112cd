import namedColours from 'color-name';

/** What a variant's colour field reads: a hex (#rgb or #rrggbb, the # optional) or a CSS colour name. */
export type ParsedColour = { hex: string } | { error: string };

export const COLOUR_MESSAGES = {
  required: 'Enter a colour: a hex like #1f3a5f or a name like navy',
  unknown: 'Not a colour we know: use a hex like #1f3a5f or a CSS colour name like navy',
} as const;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** `#1F3A5F`, `1f3a5f`, `#abc` or `Navy` → `#1f3a5f` (lower case, six digits), or why not. */
export function parseColour(text: string): ParsedColour {
  const value = text.trim();
  if (value === '') return { error: COLOUR_MESSAGES.required };
  const hex = HEX.exec(value)?.[1];
  if (hex) {
    const six = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
    return { hex: `#${six.toLowerCase()}` };
  }
  const named = namedColours[value.toLowerCase().replace(/[\s-]/g, '')];
  return named ? { hex: toHex(named) } : { error: COLOUR_MESSAGES.unknown };
}

/** sRGB byte to linear light and back, so a swatch's colours are averaged as light mixes. */
const linear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const encoded = (c: number) => 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/**
 * A swatch photo's colour: the middle half of the picture (a swatch photo is framed on the
 * fabric, its edges may catch the table), its darkest and lightest tenth left out (folds and
 * glare), averaged in linear light. `rgba` is canvas ImageData's bytes.
 */
export function swatchColour(rgba: Uint8ClampedArray, width: number, height: number): string {
  const samples: { luma: number; rgb: [number, number, number] }[] = [];
  for (let y = Math.floor(height / 4); y < Math.ceil((height * 3) / 4); y++) {
    for (let x = Math.floor(width / 4); x < Math.ceil((width * 3) / 4); x++) {
      const p = (y * width + x) * 4;
      const rgb: [number, number, number] = [
        linear(rgba[p] ?? 0),
        linear(rgba[p + 1] ?? 0),
        linear(rgba[p + 2] ?? 0),
      ];
      samples.push({ luma: 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2], rgb });
    }
  }
  samples.sort((a, b) => a.luma - b.luma);
  const kept = samples.slice(Math.floor(samples.length * 0.1), Math.ceil(samples.length * 0.9));
  const sum = [0, 0, 0];
  for (const { rgb } of kept) for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[c] ?? 0);
  const n = Math.max(1, kept.length);
  return toHex(sum.map((s) => encoded(s / n)));
}
