import type { ToolSettings } from '../../types';
import { inBatches, sentences, type FalTool } from '../tool';
import { balancedAsPerformance, kontextModelKey, KONTEXT_MAX_IMAGES, KONTEXT_MS } from './kontext';

/** FLUX.1 Kontext [pro] ([max] in quality mode): the product photo edited into a scene, the product kept as it is. */
export const photoshoot: FalTool<'photoshoot'> = {
  model: 'fal-ai/flux-pro/kontext',
  safetyTolerance: true,
  expectedMs: () => KONTEXT_MS,
  modelKey: (job) => kontextModelKey('photoshoot', job.settings.mode),
  inputs: (job) =>
    inBatches(job.settings.numImages, KONTEXT_MAX_IMAGES, {
      image_url: job.product.publicUrl,
      prompt: photoshootPrompt(job.settings),
    }),
  notes: (job) => [balancedAsPerformance(job.settings.mode)],
};

type SceneStyle = ToolSettings['photoshoot']['sceneStyle'];

/** Each scene style as a photographer would brief it: setting, light and framing. */
const SCENES: Record<SceneStyle, string> = {
  studio:
    'a professional studio product photo on a seamless backdrop with soft, even three-point lighting and a gentle contact shadow',
  lifestyle:
    'a lifestyle product photo of it in use in a tasteful, lived-in home setting with warm natural window light',
  outdoor:
    'an outdoor product photo in natural daylight with a softly blurred landscape or street background',
  minimal:
    'a minimal product photo on a plain surface with lots of negative space, one soft light and a clean shadow',
  luxury:
    'a luxury product photo on marble or velvet with dramatic, glossy lighting and elegant premium props',
};

export function photoshootPrompt(settings: ToolSettings['photoshoot']): string {
  return sentences(
    `Turn this into ${SCENES[settings.sceneStyle]}`,
    // The schema's default when the user wrote nothing: a setting, not an instruction of theirs.
    settings.prompt !== 'in a landscape' && `Scene: ${settings.prompt}`,
    `Use a ${settings.colorTheme} colour theme for the background and props`,
    'Keep the product exactly as it is: shape, proportions, colour, texture, print, text and logos',
  );
}
