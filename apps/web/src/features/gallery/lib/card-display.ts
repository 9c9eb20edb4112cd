function plural(count: number, noun: string): string {
  return `${String(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** The card badge: both counts always, so a video-only result reads '0 images · 1 video'. */
export function mediaCountLabel(images: number, videos: number): string {
  return `${plural(images, 'image')} · ${plural(videos, 'video')}`;
}

/** The card date in the user's locale; an unreadable timestamp shows 'Invalid Date' (spec §2). */
export function formatGalleryDate(timestamp: string): string {
  return new Date(timestamp).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** A short form of a prompt for accessible names, which should not read a whole paragraph. */
export function shortText(text: string, max = 60): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length > max ? `${trimmed.slice(0, max - 1).trimEnd()}…` : trimmed;
}
