import type { GalleryItem } from '@studio/contract';
import type { ViewerItem } from '@/features/generations';
import { safeMediaUrl } from '@/lib/media-url';
import { cardCaption, shortText } from './card-display';
import { typeLabel } from './gallery-query';

export interface GalleryViewerEntry extends ViewerItem {
  item: GalleryItem;
}

/**
 * Every image of a gallery page in card order, as the result viewer shows them: named like its
 * card, saved under the same name as the card's download, compared against the card's first
 * input. Video-only cards have no image to show (their View opens the tool).
 */
export function viewerEntries(items: readonly GalleryItem[]): GalleryViewerEntry[] {
  return items.flatMap((item) => {
    const caption = cardCaption(item);
    const label = typeLabel(item.type);
    const several = item.imageUrlList.length > 1;
    const input = item.inputImageUrls[0];
    const before = input === undefined ? null : safeMediaUrl(input);
    return item.imageUrlList.flatMap((listed, index) => {
      const url = safeMediaUrl(listed);
      if (url === null) return [];
      const number = several ? ` ${String(index + 1)}` : '';
      return {
        item,
        url,
        name: `${label}${number}${caption === '' ? '' : `: ${shortText(caption)}`}`,
        filename: `${item.type}-${item.generationId}-image-${String(index + 1)}.jpg`,
        beforeUrl: before,
      };
    });
  });
}
