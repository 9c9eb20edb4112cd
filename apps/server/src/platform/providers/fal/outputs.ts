import { z } from 'zod';
import { ProviderError, type ProviderOutput } from '../types';
import { NO_OUTPUT_MESSAGE } from './failures';

const fileSchema = z.object({ url: z.string().min(1) });
/** The output fields fal's image and video models share: `images`, `image` or `video`. */
const mediaSchema = z.object({
  images: z.array(fileSchema).optional(),
  image: fileSchema.optional(),
  video: fileSchema.optional(),
  has_nsfw_concepts: z.array(z.boolean()).optional(),
});

export function mediaOutputs(results: unknown[]): ProviderOutput[] {
  const outputs: ProviderOutput[] = [];
  let blocked = 0;
  for (const result of results) {
    const parsed = mediaSchema.safeParse(result);
    if (!parsed.success) continue;
    const { images = [], image, video, has_nsfw_concepts: flagged = [] } = parsed.data;
    images.forEach((file, index) => {
      // Flagged images come back blacked out; they are not worth storing or charging for.
      if (flagged[index]) blocked += 1;
      else outputs.push({ kind: 'image', url: file.url });
    });
    if (image) outputs.push({ kind: 'image', url: image.url });
    if (video) outputs.push({ kind: 'video', url: video.url });
  }
  if (outputs.length === 0) {
    throw new ProviderError(
      blocked > 0 ? "The provider's safety filter blocked the result" : NO_OUTPUT_MESSAGE,
      false,
    );
  }
  return outputs;
}
