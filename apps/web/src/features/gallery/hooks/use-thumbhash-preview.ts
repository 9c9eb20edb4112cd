import { useEffect, useState } from 'react';
import { thumbhashDataUrl } from '../lib/thumbhash-url';

/** Decoded previews by ThumbHash, so a card shown again (a page revisited) has its blur at once. */
const decoded = new Map<string, string | null>();
const MAX_KEPT = 500;

/**
 * The card's blurred preview, decoded in a task of its own after the card is on screen. Decoding
 * a ThumbHash into a PNG data URL takes ~9 ms at a phone's 4× slowdown; done while rendering, a
 * row of cards coming into view decoded all of theirs in one long task (60-90 ms, blocking taps).
 */
export function useThumbhashPreview(thumbhash: string | null): string | null {
  const [, setReady] = useState(0);

  useEffect(() => {
    if (thumbhash === null || decoded.has(thumbhash)) return;
    const timer = setTimeout(() => {
      if (decoded.size >= MAX_KEPT) decoded.clear();
      decoded.set(thumbhash, thumbhashDataUrl(thumbhash));
      setReady((count) => count + 1);
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [thumbhash]);

  return thumbhash === null ? null : (decoded.get(thumbhash) ?? null);
}
