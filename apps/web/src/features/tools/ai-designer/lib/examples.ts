import type { ClothType } from '@studio/contract/design-options';
import type { ToolExample } from '@/features/generations';
import type { DesignTheme, PaletteName } from './designer-request';

/** A bundled example cloth with the settings its example results were made with. */
export interface DesignerExample extends ToolExample {
  prompt: string;
  resultUrls: readonly string[];
  clothType: ClothType;
  designTheme: DesignTheme;
  colorPalette: PaletteName;
}

const file = (name: string) => `/examples/ai-designer/${name}.jpg`;

/**
 * The three bundled example cloths (document 2 §2, §3: name, preview, prompt, result images;
 * bundled, not from the server). The garments are the project's own drawings and the results are
 * what the offline engine's palette recolouring made of them with each example's palette, both
 * written by scripts/make-designer-examples.ts; the page labels them as such.
 */
export const DESIGNER_EXAMPLES: readonly DesignerExample[] = [
  {
    name: 'Kurta',
    imageUrl: file('kurta'),
    prompt: 'A festive kurta in rich jewel tones with a contrast yoke',
    resultUrls: [file('kurta-result-1'), file('kurta-result-2')],
    clothType: 'kurta',
    designTheme: 'ethnic',
    colorPalette: 'jewel',
  },
  {
    name: 'Dress',
    imageUrl: file('dress'),
    prompt: 'A flowing summer dress reimagined in soft pastels',
    resultUrls: [file('dress-result-1'), file('dress-result-2')],
    clothType: 'dress',
    designTheme: 'bohemian',
    colorPalette: 'pastel',
  },
  {
    name: 'T-shirt',
    imageUrl: file('t-shirt'),
    prompt: 'An everyday t-shirt in earthy, natural colours',
    resultUrls: [file('t-shirt-result-1'), file('t-shirt-result-2')],
    clothType: 't-shirt',
    designTheme: 'casual',
    colorPalette: 'earth',
  },
];

/** What the page says under example results: made offline, from the example, by recolouring. */
export const EXAMPLE_RESULTS_NOTE =
  'Made by the offline engine: colour-palette variations of this example garment. Generate to get designs of your own to download, upscale or animate.';
