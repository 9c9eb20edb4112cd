import type { LatestResult } from '@/features/gallery';

/** One picture of a dashboard slider, with its intrinsic size so the layout never shifts. */
export interface Slide {
  id: string;
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** Spec §2 Dashboard and §9: the left slider has 5 slides every 4 s, the right 3 every 3.5 s. */
export const LEFT_SLIDER = { count: 5, intervalMs: 4_000 } as const;
export const RIGHT_SLIDER = { count: 3, intervalMs: 3_500 } as const;

const portrait = (folder: string, name: string, alt: string): Slide => ({
  id: `${folder}/${name}`,
  src: `/examples/${folder}/${name}.jpg`,
  alt,
  width: 600,
  height: 800,
});
const square = (name: string, alt: string): Slide => ({
  id: `photoshoot/${name}`,
  src: `/examples/photoshoot/${name}.jpg`,
  alt,
  width: 600,
  height: 600,
});

/**
 * Results our own tools made from the bundled examples (public/examples): no stock photos. Each
 * slider opens on a picture that stays (see sliderSlides); the left one opens on a square, which
 * fills more of the 4:3 frame than a portrait, so the left slider's eager, high-priority picture
 * is the page's largest paint and not the right slider's lazy one.
 */
export const LEFT_SHOWCASE: readonly Slide[] = [
  square('perfume-result-1', 'Product AI Photoshoot: a perfume bottle in a studio scene'),
  portrait('ai-designer', 'kurta-result-1', 'AI Designer: a kurta in a new colourway'),
  square('sneaker-result-1', 'Product AI Photoshoot: a sneaker in a lifestyle scene'),
  portrait('ai-designer', 'dress-result-1', 'AI Designer: a dress redesigned in a new palette'),
  portrait('ai-designer', 't-shirt-result-1', 'AI Designer: a t-shirt with a new theme'),
];
export const RIGHT_SHOWCASE: readonly Slide[] = [
  portrait('ai-designer', 'kurta-result-2', 'AI Designer: the kurta in a second colourway'),
  square('handbag-result-1', 'Product AI Photoshoot: a handbag on a styled set'),
  square('perfume-result-2', 'Product AI Photoshoot: the perfume in a second scene'),
];

/** Every slide but the first of each slider can show one of the user's results. */
const LEFT_OWN = LEFT_SLIDER.count - 1;
export const OWN_SLIDES = LEFT_OWN + RIGHT_SLIDER.count - 1;

/** Thumbnails are small WebPs of unknown shape; a 3:4 box with object-contain fits them all. */
const OWN_WIDTH = 600;
const OWN_HEIGHT = 800;

/**
 * The two sliders' slides: the user's latest results (newest first) take the place of showcase
 * slides one for one, the left slider first. The slide each slider opens on stays ours: the
 * results arrive after the first paint, and swapping the picture on screen would flash it and
 * make the page's largest paint wait on the gallery request (Lighthouse measured LCP at the swap).
 * So two results show next to three of ours on the left, and six or more fill every other slide.
 */
export function sliderSlides(own: readonly LatestResult[]): { left: Slide[]; right: Slide[] } {
  const mine = own.map((result, index): Slide => ({
    id: `own/${result.generationId}/${String(index)}`,
    src: result.imageUrl,
    alt: `Your recent result ${String(index + 1)}`,
    width: OWN_WIDTH,
    height: OWN_HEIGHT,
  }));
  const fill = (showcase: readonly Slide[], results: Slide[], count: number) => {
    const [first, ...rest] = showcase;
    return [...(first ? [first] : []), ...results, ...rest].slice(0, count);
  };
  return {
    left: fill(LEFT_SHOWCASE, mine.slice(0, LEFT_OWN), LEFT_SLIDER.count),
    right: fill(RIGHT_SHOWCASE, mine.slice(LEFT_OWN, OWN_SLIDES), RIGHT_SLIDER.count),
  };
}
