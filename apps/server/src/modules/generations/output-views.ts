import type { OutputViews } from '@studio/contract';
import type { OutputView } from '../../db/schema';

/**
 * An angle set's outputs with their views and slots (ADR 064), as the generation and the gallery
 * answer them; null for other tools, and for tags that no longer match the outputs.
 */
export function outputViewsOf(row: {
  imageUrls: string[];
  outputViews: OutputView[] | null;
}): OutputViews {
  const tags = row.outputViews;
  if (!tags || tags.length !== row.imageUrls.length) return null;
  return row.imageUrls.flatMap((url, index) => {
    const tag = tags[index];
    return tag ? [{ url, view: tag.view, slot: tag.slot }] : [];
  });
}
