import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { uploadImages } from '../api/uploads';
import { imageFileProblem } from '../lib/upload-rules';

export type UploadStatus = 'idle' | 'uploading' | 'success' | 'error';

export interface InputImage {
  /** What the panel shows: the local object URL at first, then the server's copy. */
  displayUrl: string;
  /** The stored image generate calls take; null while only the local preview exists. */
  url: string | null;
}

/** The tool's wording for each outcome (the canvas editor's differ from the other tools'). */
export interface UploadMessages {
  success: string;
  failure: string;
  noUrl: string;
}

/** A bundled example input (document 2 §3 Cloth examples): not from the server. */
export interface ToolExample {
  name: string;
  /** The bundled image, uploaded like the user's own when chosen. */
  imageUrl: string;
  prompt?: string;
  /** What the tool made of it, shown while example mode lasts. */
  resultUrls?: readonly string[];
}

export interface UploadState {
  status: UploadStatus;
  /** Example mode (document 2 §4 Upload): the image is a bundled example, until the next generate or clear. */
  example: ToolExample | null;
  image: InputImage | null;
  /** The outcome line under the drop zone (success or failure). */
  message: string | null;
  /** Why it failed, in the server's words, when it said. */
  detail: string | null;
}

const idle: UploadState = {
  status: 'idle',
  example: null,
  image: null,
  message: null,
  detail: null,
};

/**
 * One input image (document 2 §4 Upload): a local preview at once, replaced by the stored copy
 * when the upload answers; on failure the image is cleared. A newer file, Remove or leaving the
 * page abandons an upload in flight, and every object URL is released once it is not shown.
 */
export function useImageUpload(
  userId: string | null,
  messages: UploadMessages,
  /** An already stored image to start with (handed over by another screen). */
  initialUrl: string | null = null,
) {
  const [state, setState] = useState<UploadState>(() =>
    initialUrl === null ? idle : { ...idle, image: { displayUrl: initialUrl, url: initialUrl } },
  );
  const objectUrl = useRef<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const releasePreview = () => {
    if (objectUrl.current !== null) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  const abandonUpload = () => {
    inFlight.current?.abort();
    inFlight.current = null;
  };

  useEffect(
    () => () => {
      inFlight.current?.abort();
      if (objectUrl.current !== null) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const upload = (file: File, example: ToolExample | null = null) => {
    const problem = imageFileProblem(file);
    if (problem !== null) {
      // The current image (if any) stays: nothing was replaced.
      setState((current) => ({ ...current, status: 'error', message: problem, detail: null }));
      return;
    }
    abandonUpload();
    releasePreview();
    const preview = URL.createObjectURL(file);
    objectUrl.current = preview;
    const controller = new AbortController();
    inFlight.current = controller;
    setState({
      status: 'uploading',
      example,
      image: { displayUrl: preview, url: null },
      message: null,
      detail: null,
    });

    uploadImages([file], userId, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        const first = result.images[0];
        releasePreview();
        if (!first) {
          setState({ ...idle, status: 'error', message: messages.noUrl });
          return;
        }
        setState({
          status: 'success',
          example,
          image: { displayUrl: first.previewUrl ?? first.url, url: first.url },
          message: messages.success,
          detail: null,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        releasePreview();
        setState({
          status: 'error',
          example: null,
          image: null,
          message: messages.failure,
          detail: isApiError(error) ? error.message : null,
        });
      },
    );
  };

  /** An image that is already stored (from another screen): no upload needed. */
  const setStoredImage = (url: string) => {
    abandonUpload();
    releasePreview();
    setState({ ...idle, image: { displayUrl: url, url } });
  };

  /**
   * Chooses a bundled example (only offered while no image is loaded): it is uploaded like the
   * user's own photo, so generating from it works, and the page shows it is an example.
   */
  const chooseExample = async (example: ToolExample) => {
    try {
      const response = await fetch(example.imageUrl);
      if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
      const blob = await response.blob();
      const name = example.imageUrl.split('/').pop() ?? 'example.jpg';
      upload(new File([blob], name, { type: blob.type || 'image/jpeg' }), example);
    } catch {
      setState({ ...idle, status: 'error', message: messages.failure });
    }
  };

  /** Example mode ends on the next generate (the image stays, now as the user's input). */
  const endExample = () => {
    setState((current) => (current.example ? { ...current, example: null } : current));
  };

  const clear = () => {
    abandonUpload();
    releasePreview();
    setState(idle);
  };

  return { ...state, upload, setStoredImage, chooseExample, endExample, clear };
}

export type ImageUpload = ReturnType<typeof useImageUpload>;
