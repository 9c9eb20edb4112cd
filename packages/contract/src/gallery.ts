/** Keeps a file name to safe characters whatever the server stored as type or id. */
function safePart(value: string): string {
  return value.replace(/[^a-zA-Z0-9_-]+/g, '-');
}

/**
 * Document 1 §2's download name, the same for a card's Download (web) and the selection's zip
 * (server): `{type}-{generationId}-image-{N}.jpg` or `…-video-{N}.mp4`, N counting from 1 within
 * the kind.
 */
export function galleryDownloadName(
  type: string,
  generationId: string,
  kind: 'image' | 'video',
  position: number,
): string {
  const extension = kind === 'image' ? 'jpg' : 'mp4';
  return `${safePart(type)}-${safePart(generationId)}-${kind}-${String(position)}.${extension}`;
}
