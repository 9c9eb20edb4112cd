import { type Colourway, type ColourwaySource, hexOfLab, makeColourway } from './colourway';
import { type Lab, labInto } from './lab';
import { AUTO_ROTATIONS, PALETTES } from './recolour';
import { parseHexColour, variantIndex } from './shared';

/*
 * The AI designer's palette mode on the offline engine (issue 36 item 2, ADR 063): each variant
 * recolours the garment, and only the garment, to one colour of the palette with the colourway
 * engine, on the garment mask. Its skin, hair, face and background stay as they were (the old
 * whole-photo recolour turned a wearer's face the garment's new colour). Variant i takes the
 * palette's colour i (in turn); 'auto' turns the garment's own hue (a neutral garment, which has
 * none, takes the classic palette's colours). A colour too light or too dark for the garment's
 * shading is brought to the nearest lightness that keeps it, so a design never loses its folds.
 */

/** A garment colour with less chroma than this (Lab) has no hue to turn. */
const NEUTRAL_CHROMA = 8;

function labOfHex(hex: string): Lab | undefined {
  const rgb = parseHexColour(hex);
  if (!rgb) return undefined;
  const out = new Float64Array(3);
  labInto(out, 0, rgb[0], rgb[1], rgb[2]);
  return { l: out[0] ?? 0, a: out[1] ?? 0, b: out[2] ?? 0 };
}

/** The palette's colours in Lab, or 'auto'; throws for what is neither (as recolour.ts does). */
function paletteColours(palette: string): Lab[] | 'auto' {
  const name = palette.trim().toLowerCase();
  if (name === 'auto' || name === '') return 'auto';
  const hexes: readonly string[] =
    name in PALETTES
      ? PALETTES[name as keyof typeof PALETTES]
      : name.split(/[\s,;]+/).filter(Boolean);
  const colours = hexes.map((hex) => {
    const lab = labOfHex(hex);
    if (!lab) throw new Error(`Unknown palette "${palette}".`);
    return lab;
  });
  if (colours.length === 0) throw new Error('The palette has no colours.');
  return colours;
}

/** The colour variant `variant` of the palette gives this garment, as `#rrggbb`. */
export function paletteTarget(source: ColourwaySource, palette: string, variant: number): string {
  const colours = paletteColours(palette);
  const { dominant } = source;
  let goal: Lab;
  if (colours !== 'auto') {
    goal = colours[variantIndex(variant, colours.length)] ?? dominant;
  } else if (Math.hypot(dominant.a, dominant.b) >= NEUTRAL_CHROMA) {
    const degrees = AUTO_ROTATIONS[variantIndex(variant, AUTO_ROTATIONS.length)] ?? 180;
    const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
    goal = {
      l: dominant.l,
      a: dominant.a * cos - dominant.b * sin,
      b: dominant.a * sin + dominant.b * cos,
    };
  } else {
    const classic = PALETTES.classic;
    goal = labOfHex(classic[variantIndex(variant, classic.length)] ?? '#1f3a5f') ?? dominant;
  }
  const { min, max } = source.lightness;
  return hexOfLab({ ...goal, l: Math.min(max, Math.max(min, goal.l)) });
}

/** The garment of `source` recoloured to the palette's colour for `variant`, measured. */
export function paletteColourway(
  source: ColourwaySource,
  palette: string,
  variant: number,
): Promise<Colourway> {
  return makeColourway(source, paletteTarget(source, palette, variant));
}
