import { useEffect, useRef, useState } from 'react';
import { uploadImages, imageFileProblem } from '@/features/generations';
import { isApiError } from '@/lib/api-client';
import { nameFromFile, type StoredImage } from '../lib/try-on-request';

export interface ListImage {
  key: string;
  name: string;
  /** The local preview while uploading, then the stored copy's preview. */
  displayUrl: string;
  /** The stored image; null while uploading or when the upload failed. */
  url: string | null;
  status: 'uploading' | 'ready' | 'error';
  /** Why it failed, in the server's words when it said. */
  error: string | null;
}

/** Uploads at once per list: a phone on a slow link should not open 20 connections. */
const PARALLEL_UPLOADS = 3;

let nextKey = 0;
const newKey = () => `img_${String((nextKey += 1))}`;

/**
 * Several input images (a catalogue's garments, the user's model photos): each file is checked,
 * shown at once with a local preview and uploaded on its own (three at a time), so one failure
 * marks that photo and keeps the rest. At most `max` are kept; `notice` says what was left out.
 */
export function useImageList(
  userId: string | null,
  max: number,
  messages: { success: string; failure: string },
  initial: readonly StoredImage[] = [],
) {
  const failureMessage = messages.failure;
  const [items, setItems] = useState<ListImage[]>(() =>
    initial.map((image) => ({
      key: newKey(),
      name: image.name,
      displayUrl: image.url,
      url: image.url,
      status: 'ready',
      error: null,
    })),
  );
  const [notice, setNotice] = useState<string | null>(null);
  // Document 2 §4 Upload: 'Upload successful!' once a photo is stored (failures are marked on
  // the photo itself).
  const [status, setStatus] = useState<string | null>(null);
  const objectUrls = useRef(new Map<string, string>());
  const controllers = useRef(new Map<string, AbortController>());
  const waiting = useRef<{ key: string; file: File }[]>([]);
  const active = useRef(0);

  const release = (key: string) => {
    const preview = objectUrls.current.get(key);
    if (preview !== undefined) URL.revokeObjectURL(preview);
    objectUrls.current.delete(key);
  };

  useEffect(() => {
    const urls = objectUrls.current;
    const inFlight = controllers.current;
    const queue = waiting;
    return () => {
      // Leaving the page drops what has not started, so nothing uploads for a page that is gone.
      queue.current = [];
      for (const controller of inFlight.values()) controller.abort();
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = (key: string, change: Partial<ListImage>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  };

  const pump = () => {
    while (active.current < PARALLEL_UPLOADS && waiting.current.length > 0) {
      const next = waiting.current.shift();
      if (!next) return;
      const controller = new AbortController();
      controllers.current.set(next.key, controller);
      active.current += 1;
      uploadImages([next.file], userId, controller.signal)
        .then(
          (result) => {
            if (controller.signal.aborted) return;
            const first = result.images[0];
            release(next.key);
            patch(
              next.key,
              first
                ? { status: 'ready', url: first.url, displayUrl: first.previewUrl ?? first.url }
                : { status: 'error', error: failureMessage },
            );
            if (first) setStatus(messages.success);
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            patch(next.key, {
              status: 'error',
              error: isApiError(error) ? `${failureMessage} ${error.message}` : failureMessage,
            });
          },
        )
        .finally(() => {
          controllers.current.delete(next.key);
          active.current -= 1;
          pump();
        });
    }
  };

  /** Adds photos up to `max`; files that are not images or too large are refused with the reason. */
  const add = (files: readonly File[]) => {
    const room = Math.max(0, max - items.length);
    const refused: string[] = [];
    const accepted: ListImage[] = [];
    for (const file of files) {
      const problem = imageFileProblem(file);
      if (problem !== null) {
        refused.push(`${file.name}: ${problem}`);
        continue;
      }
      if (accepted.length >= room) {
        refused.push(`${file.name}: at most ${String(max)} photos.`);
        continue;
      }
      const key = newKey();
      const preview = URL.createObjectURL(file);
      objectUrls.current.set(key, preview);
      waiting.current.push({ key, file });
      accepted.push({
        key,
        name: nameFromFile(file.name),
        displayUrl: preview,
        url: null,
        status: 'uploading',
        error: null,
      });
    }
    setNotice(refused.length > 0 ? refused.join(' ') : null);
    if (accepted.length === 0) return;
    setStatus(null);
    setItems((current) => [...current, ...accepted]);
    pump();
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    waiting.current = waiting.current.filter((entry) => entry.key !== key);
    release(key);
    setItems((current) => current.filter((item) => item.key !== key));
  };

  /** Replaces the list with already stored images (a hand-over from another screen). */
  const setStored = (images: readonly StoredImage[]) => {
    clear();
    setItems(
      images.map((image) => ({
        key: newKey(),
        name: image.name,
        displayUrl: image.url,
        url: image.url,
        status: 'ready',
        error: null,
      })),
    );
  };

  function clear() {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    waiting.current = [];
    for (const key of [...objectUrls.current.keys()]) release(key);
    setItems([]);
    setNotice(null);
    setStatus(null);
  }

  const ready: StoredImage[] = items.flatMap((item) =>
    item.status === 'ready' && item.url !== null ? [{ url: item.url, name: item.name }] : [],
  );
  return {
    items,
    ready,
    uploading: items.some((item) => item.status === 'uploading'),
    notice,
    status,
    add,
    remove,
    clear,
    setStored,
  };
}

export type ImageList = ReturnType<typeof useImageList>;
