import { z } from 'zod';
import type { InputImage } from '../../types';
import type { FalInput } from '../queue';

/*
 * The video prompt writer (Auto-generate): fal's OpenRouter vision router, since
 * `fal-ai/any-llm/vision` is deprecated.
 */
export const PROMPT_MODEL = 'openrouter/router/vision';
export const PROMPT_MS = 10_000;
/** The LLM behind the OpenRouter vision router: cheap, fast and good at describing photos. */
const PROMPT_LLM = 'google/gemini-2.5-flash';

const VIDEO_PROMPT_INSTRUCTIONS =
  'Write one prompt for an image-to-video model that animates this fashion photo. In one or two ' +
  "sentences, describe the subject's natural movement and a gentle camera motion that keep the " +
  'outfit in view. Answer with the prompt only.';

const textSchema = z.object({ output: z.string() });

export function promptInput(modelId: string, image: InputImage): FalInput {
  // The router speaks OpenRouter's shape; fal's single-image vision models take image_url + prompt.
  return modelId.startsWith('openrouter/')
    ? {
        model: PROMPT_LLM,
        image_urls: [image.publicUrl],
        prompt: VIDEO_PROMPT_INSTRUCTIONS,
        max_tokens: 200,
      }
    : { image_url: image.publicUrl, prompt: VIDEO_PROMPT_INSTRUCTIONS };
}

/** The written prompt, cleaned; empty when the answer has none. */
export function promptOf(data: unknown): string {
  const parsed = textSchema.safeParse(data);
  if (!parsed.success) return '';
  return parsed.data.output
    .trim()
    .replace(/^["'“]+|["'”]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 2000);
}
