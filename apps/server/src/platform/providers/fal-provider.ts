import { TOOL_DEFINITIONS } from '@studio/contract/tools';
import { z } from 'zod';
import { isEngineOnly, REMOTE_TYPES, type RemoteType } from './engine-only';
import { mediaOutputs } from './fal/outputs';
import { createFalQueue, type FalQueueOptions } from './fal/queue';
import type { FalSafetyTolerance } from '../../config/env';
import type { FalModelKey, FalTool } from './fal/tool';
import { FAL_TOOLS } from './fal/tools';
import { PROMPT_MODEL, PROMPT_MS, promptInput, promptOf } from './fal/tools/prompt';
import { KONTEXT_QUALITY_MODEL, KONTEXT_QUALITY_MULTI_MODEL } from './fal/tools/kontext';
import { UPSCALE_4K_MODEL } from './fal/tools/upscaler';
import {
  type Capability,
  type GenerationJob,
  type GenerationProvider,
  type ProviderContext,
  ProviderError,
  type ProviderResult,
} from './types';

/**
 * The fal model each tool runs, the upscaler's 4K model and the one that writes video prompts. A
 * replacement must accept the input schema of the default it replaces (each tool's mapping in
 * ./fal/tools says why it is the default and what it sends; ADR 034).
 */
export type FalModels = Record<FalModelKey, string>;

export const DEFAULT_FAL_MODELS: FalModels = {
  ...(Object.fromEntries(REMOTE_TYPES.map((type) => [type, FAL_TOOLS[type].model])) as Record<
    RemoteType,
    string
  >),
  prompt: PROMPT_MODEL,
  'upscale-4k': UPSCALE_4K_MODEL,
  'kontext-quality': KONTEXT_QUALITY_MODEL,
  'kontext-quality-multi': KONTEXT_QUALITY_MULTI_MODEL,
};

export interface FalProviderOptions extends FalQueueOptions {
  models: FalModels;
  /** Sent as `safety_tolerance` to every model that takes it (FAL_SAFETY_TOLERANCE). */
  safetyTolerance: FalSafetyTolerance;
}

/**
 * fal has a model for every tool in the contract's list but the engine-only ones (which the
 * configured provider runs on the engine, providers/index.ts), and for the prompt writer.
 */
const CAPABILITIES: readonly Capability[] = [
  ...new Set<Capability>([
    ...REMOTE_TYPES.map((type) => TOOL_DEFINITIONS[type].capability),
    'prompt',
  ]),
];

const modelIdSchema = z
  .string()
  .regex(/^[\w.-]+(\/[\w.-]+)+$/, 'a fal model id like owner/app[/path]');

const isRemoteJob = (job: GenerationJob): job is GenerationJob<RemoteType> =>
  !isEngineOnly(job.type);

export function createFalProvider(options: FalProviderOptions): GenerationProvider {
  const { models } = options;
  for (const id of Object.values(models)) modelIdSchema.parse(id);
  const queue = createFalQueue(options);

  async function run<K extends RemoteType>(
    job: GenerationJob<K>,
    ctx: ProviderContext,
  ): Promise<ProviderResult> {
    const tool: FalTool<K> = FAL_TOOLS[job.type];
    const modelId = models[tool.modelKey?.(job) ?? job.type];
    const safety = tool.safetyTolerance ? { safety_tolerance: options.safetyTolerance } : {};
    const { results, inferenceMs } = await queue.run(
      modelId,
      async () => (await tool.inputs(job)).map((input) => ({ ...input, ...safety })),
      ctx,
      tool.expectedMs(job),
    );
    const notes = (tool.notes?.(job) ?? []).filter((note) => note !== false);
    return {
      outputs: mediaOutputs(results),
      model: modelId,
      ...(inferenceMs === null ? {} : { inferenceMs }),
      ...(notes.length > 0 ? { previewNote: notes.join(' ') } : {}),
    };
  }

  return {
    name: 'fal',
    capabilities: () => CAPABILITIES,
    run: (job, ctx) =>
      isRemoteJob(job)
        ? run(job, ctx)
        : Promise.reject(new ProviderError('This tool runs on the offline engine only', false)),

    async prompt(image, signal) {
      const ctx: ProviderContext = {
        signal,
        requestId: null,
        beforeSubmit: async () => undefined,
        onSubmitted: async () => undefined,
        onProgress: () => undefined,
      };
      const input = promptInput(models.prompt, image);
      const { results } = await queue.run(models.prompt, () => [input], ctx, PROMPT_MS);
      const prompt = promptOf(results[0]);
      if (!prompt) throw new ProviderError('The provider did not write a prompt', false);
      return { prompt, preview: false };
    },

    cancel: (handle) => queue.cancel(handle),
  };
}
