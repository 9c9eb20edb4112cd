import type { GenerationConfig } from '../../config/env';
import { createFalProvider, DEFAULT_FAL_MODELS } from './fal-provider';
import type { FalWebhookOptions } from './fal/webhook-inbox';
import { ENGINE_ONLY_CAPABILITIES, isEngineOnly } from './engine-only';
import { createLocalProvider, type LocalProviderOptions } from './local-provider';
import type { GenerationProvider } from './types';
import { angleSet } from './angle-set-views';
import { segmentForeground } from '../engine/background-removal';

export const FAL_OUTPUT_HOSTS = ['fal.media', '*.fal.media', 'fal.run', '*.fal.run'];

/**
 * The configured provider: the offline engine by default, fal with a key and
 * GENERATION_PROVIDER=fal, finishing on fal's webhooks when they are on and an inbox is given.
 * With fal, the tools only the engine does (a listing image's fix, ADR 057) still run on it.
 */
export function createProvider(
  config: GenerationConfig,
  falWebhooks?: Omit<FalWebhookOptions, 'url'>,
  engine: LocalProviderOptions = {},
): GenerationProvider {
  const local = createLocalProvider(engine);
  if (config.provider === 'fal' && config.fal) {
    const { baseUrl, webhook } = config.fal;
    const fal = createFalProvider({
      apiKey: config.fal.apiKey,
      models: { ...DEFAULT_FAL_MODELS, ...config.fal.models },
      pollIntervalMs: config.fal.pollIntervalMs,
      safetyTolerance: config.fal.safetyTolerance,
      prices: config.fal.prices,
      ...(baseUrl ? { baseUrl } : {}),
      ...(webhook && falWebhooks ? { webhook: { url: webhook.url, ...falWebhooks } } : {}),
    });
    return {
      ...fal,
      capabilities: () => [...fal.capabilities(), ...ENGINE_ONLY_CAPABILITIES],
      run: (job, ctx) => {
        if (isEngineOnly(job.type)) return local.run(job, ctx);
        // An angle set's side and back are fal's; its front and detail the engine's (ADR 064).
        if (job.type === 'angle-set') {
          return angleSet(job, ctx, engine.segmenter ?? segmentForeground, (j, c) => fal.run(j, c));
        }
        return fal.run(job, ctx);
      },
      // Results are served from fal's CDN; a configured base URL (a local fake) is trusted as is.
      outputHosts: FAL_OUTPUT_HOSTS,
      trustedOrigins: baseUrl ? [new URL(baseUrl).origin] : [],
    };
  }
  return local;
}
