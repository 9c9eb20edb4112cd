import type { GalleryItem } from '@studio/contract';
import { toHttpUrl } from '@/lib/media-url';

/** Document 1 §9: native share carries at most 5 files; the dialog closes itself after 30 s. */
export const SHARE_MAX_FILES = 5;
export const SHARE_DIALOG_TIMEOUT_MS = 30_000;

export const SHARE_TITLE = 'My AI fashion creation';

/** The generation's images, then its videos, as unique absolute http(s) links. */
export function shareableUrls(
  item: Pick<GalleryItem, 'imageUrlList' | 'videoUrlList'>,
  origin: string,
): string[] {
  const urls = [...item.imageUrlList, ...item.videoUrlList].map((url) => toHttpUrl(url, origin));
  return [...new Set(urls.filter((url) => url !== null))];
}

/** The message shared everywhere: a line of text and the links, one per line. */
export function shareText(urls: readonly string[]): string {
  return ['Check out what I created with AI Product Studio:', ...urls].join('\n');
}

export interface ShareTarget {
  name: string;
  href: string;
}

/** Where the dialog offers to share; every parameter is URL-encoded. */
export function shareTargets(urls: readonly string[]): ShareTarget[] {
  const [first = ''] = urls;
  const text = encodeURIComponent(shareText(urls));
  const link = encodeURIComponent(first);
  const title = encodeURIComponent(SHARE_TITLE);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${link}&text=${text}` },
    { name: 'X (Twitter)', href: `https://twitter.com/intent/tweet?text=${text}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${link}` },
    {
      name: 'Pinterest',
      href: `https://pinterest.com/pin/create/button/?url=${link}&media=${link}&description=${title}`,
    },
    { name: 'Email', href: `mailto:?subject=${title}&body=${text}` },
  ];
}
