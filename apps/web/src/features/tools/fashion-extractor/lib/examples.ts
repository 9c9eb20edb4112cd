import type { ToolExample } from '@/features/generations';

const file = (name: string) => `/examples/fashion-extractor/${name}.jpg`;

/**
 * The three bundled example photos (document 2 §2): the project's own drawings of a person
 * wearing an outfit, written by scripts/make-extractor-examples.ts. Chosen, one is uploaded like
 * the user's own photo, so extracting from it works.
 */
export const EXTRACTOR_EXAMPLES: readonly ToolExample[] = [
  { name: 'Denim look', imageUrl: file('denim-look') },
  { name: 'Summer dress', imageUrl: file('summer-dress') },
  { name: 'Suit', imageUrl: file('suit') },
];
