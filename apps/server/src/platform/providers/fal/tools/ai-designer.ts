import type { ToolSettings } from '../../types';
import { garmentName, inBatches, sentences, type FalTool } from '../tool';
import { balancedAsPerformance, kontextModelKey, KONTEXT_MAX_IMAGES, KONTEXT_MS } from './kontext';

/**
 * FLUX.1 Kontext [pro] ([max] in quality mode), instruction-based editing of one image, which keeps the garment's identity
 * (cut, construction) better than text-to-image with a reference. Style, theme and palette each
 * steer the prompt in words the model knows.
 */
export const aiDesigner: FalTool<'ai-designer'> = {
  model: 'fal-ai/flux-pro/kontext',
  safetyTolerance: true,
  expectedMs: () => KONTEXT_MS,
  modelKey: (job) => kontextModelKey('ai-designer', job.settings.mode),
  inputs: (job) =>
    inBatches(job.settings.numImages, KONTEXT_MAX_IMAGES, {
      image_url: job.garment.publicUrl,
      prompt: designPrompt(job.settings),
      aspect_ratio: job.settings.aspectRatio,
    }),
  notes: (job) => [balancedAsPerformance(job.settings.mode)],
};

type Theme = ToolSettings['ai-designer']['designTheme'];

/** What each theme means for a garment, in a designer's words. */
const THEMES: Record<Theme, string | null> = {
  automatic: null,
  bohemian:
    'Give it a bohemian theme: flowing relaxed silhouette, paisley or folk prints, fringe, tassels and earthy layering',
  bridal:
    'Give it a bridal theme: luxurious silk and organza, fine embroidery, zari or lace work and an elegant ceremonial finish',
  casual:
    'Give it a casual everyday theme: comfortable relaxed fit, soft breathable fabric and simple clean details',
  contemporary:
    'Give it a contemporary theme: modern structured cut, asymmetric or clean lines and current runway details',
  ethnic:
    'Give it an ethnic Indian theme: traditional motifs, block prints or embroidery, mirror work and rich borders',
  formal:
    'Give it a formal theme: tailored sharp silhouette, refined fabric and minimal polished detailing',
  minimalist:
    'Give it a minimalist theme: clean lines, no ornament, a pared-back silhouette and solid colour',
  western:
    'Give it a western theme: contemporary western wear styling, denim or cotton textures and modern casual details',
  vintage:
    'Give it a vintage theme: retro silhouette, period details such as puff sleeves, collars or buttons, and classic prints',
};

/** The studio's named palettes (the local engine's too), described as colours. */
const PALETTES: Record<string, string> = {
  pastel: 'soft pastel colours: blush pink, baby blue, mint, butter yellow and lilac',
  earth: 'earth tones: brown, camel, olive, rust and tan',
  monochrome: 'a monochrome palette: black, charcoal, grey and white',
  jewel: 'jewel tones: sapphire blue, emerald, ruby red, amethyst and gold',
  neon: 'bright neon colours: neon green, hot pink, electric blue and neon yellow',
  classic: 'classic colours: navy, burgundy, bottle green, camel and mustard',
};
const HEX_LIST = /^(#[0-9a-f]{6}[\s,]*)+$/i;

export function palettePrompt(requested: string): string | null {
  const palette = requested.trim();
  const name = palette.toLowerCase();
  if (name === '' || name === 'auto') return null;
  const named = PALETTES[name];
  if (named) return `Recolour it in ${named}`;
  if (HEX_LIST.test(palette)) {
    const colours = palette.match(/#[0-9a-f]{6}/gi) ?? [];
    return `Recolour it using exactly these colours: ${colours.join(', ')}`;
  }
  return `Use a ${palette} colour palette`;
}

export function designPrompt(settings: ToolSettings['ai-designer']): string {
  return sentences(
    `Create a new ${settings.style} fashion design based on this ${garmentName(settings.clothType)}, keeping it the same kind of garment`,
    THEMES[settings.designTheme],
    palettePrompt(settings.colorPalette),
    settings.prompt,
    'Show the garment alone as a clean product photo on a plain light background, with every detail sharp',
  );
}
