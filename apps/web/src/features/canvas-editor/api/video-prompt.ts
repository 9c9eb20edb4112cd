import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isRecord, isString } from '@/lib/guards';

export interface WrittenPrompt {
  prompt: string;
  /** True when the built-in writer wrote it rather than a vision model. */
  preview: boolean;
}

export function parseVideoPrompt(data: unknown): WrittenPrompt {
  if (
    !isRecord(data) ||
    data.success !== true ||
    !isString(data.prompt) ||
    data.prompt.trim() === ''
  ) {
    throw new Error(isRecord(data) && isString(data.message) ? data.message : 'No prompt returned');
  }
  return { prompt: data.prompt.trim(), preview: data.preview === true };
}

/** Auto-generate: `POST /video/prompt` writes a video prompt for the uploaded image. */
export function useVideoPrompt() {
  return useMutation({
    mutationFn: ({ userId, imageUrl }: { userId: string; imageUrl: string }) =>
      api.post('/video/prompt', { userId, imageUrl }, { parse: parseVideoPrompt }),
  });
}
