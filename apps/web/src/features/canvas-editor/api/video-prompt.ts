import { useMutation } from '@/lib/use-mutation';
import { videoPromptResponseSchema } from '@studio/contract/responses';
import { api } from '@/lib/api-client';

export interface WrittenPrompt {
  prompt: string;
  /** True when the built-in writer wrote it rather than a vision model. */
  preview: boolean;
}

/** The written prompt, trimmed; a blank one is no prompt (malformed, like any other mismatch). */
function readVideoPrompt(data: unknown): WrittenPrompt {
  const { prompt, preview } = videoPromptResponseSchema.parse(data);
  if (prompt.trim() === '') throw new Error('No prompt returned');
  return { prompt: prompt.trim(), preview };
}

/** Auto-generate: `POST /video/prompt` writes a video prompt for the uploaded image. */
export function useVideoPrompt() {
  return useMutation({
    mutationFn: ({ userId, imageUrl }: { userId: string; imageUrl: string }) =>
      api.post('/video/prompt', { userId, imageUrl }, { parse: readVideoPrompt }),
  });
}
