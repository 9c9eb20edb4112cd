import type { ToolExample } from '@/features/generations';
import type { SceneStyle } from './photoshoot-request';

/** A bundled example product with the scene style its example results were made with. */
export interface PhotoshootExample extends ToolExample {
  sceneStyle: SceneStyle;
  resultUrls: readonly string[];
}

const file = (name: string) => `/examples/photoshoot/${name}.jpg`;

/**
 * The three bundled example products (document 2 §2 'three example styles', one per scene style).
 * The products are the project's own drawings and the results are what the offline engine's scene
 * composition made of them in each example's style, both written by
 * scripts/make-photoshoot-examples.ts; the page labels them as such.
 */
export const PHOTOSHOOT_EXAMPLES: readonly PhotoshootExample[] = [
  {
    name: 'Perfume',
    imageUrl: file('perfume'),
    sceneStyle: 'luxury',
    resultUrls: [file('perfume-result-1'), file('perfume-result-2')],
  },
  {
    name: 'Sneaker',
    imageUrl: file('sneaker'),
    sceneStyle: 'outdoor',
    resultUrls: [file('sneaker-result-1'), file('sneaker-result-2')],
  },
  {
    name: 'Handbag',
    imageUrl: file('handbag'),
    sceneStyle: 'lifestyle',
    resultUrls: [file('handbag-result-1'), file('handbag-result-2')],
  },
];

/** The examples notice under example results (document 2 §2): what they are and how they were made. */
export const EXAMPLE_RESULTS_NOTE =
  'These are example results, made by the offline engine: this example product cut out and placed in rendered scenes. Generate to get a photoshoot of your own to download, upscale or animate.';
