import type { GenerationType } from '@studio/contract';
import type { FalModelKey } from '../../../config/env';
import type { RemoteType } from '../engine-only';
import type { GenerationJob } from '../types';
import type { FalInput } from './queue';

/**
 * How one tool runs on fal: its default model and the requests a job makes of it. Changing a
 * tool's model is its own file in ./tools; the queue client and the output reading are shared.
 */
export interface FalTool<K extends GenerationType> {
  /** The default model id; `FAL_MODEL_<configName>` replaces it with one taking the same input. */
  model: string;
  /** Typical run time of one job, the scale of the progress estimate (fal reports none). */
  expectedMs(job: GenerationJob<K>): number;
  /** One input per fal request (several when the model makes fewer images per call). */
  inputs(job: GenerationJob<K>): FalInput[] | Promise<FalInput[]>;
  /**
   * Which configured model runs this job when it is not the tool's own (the upscaler's 4K target
   * runs another model); the mapping's inputs follow the same choice.
   */
  modelKey?(job: GenerationJob<K>): FalModelKey;
  /**
   * The model takes fal's `safety_tolerance` ("1" strictest to "6"): every request carries the
   * configured one (FAL_SAFETY_TOLERANCE), never fal's strict default, which refuses swimwear and
   * lingerie catalogues (issue 31).
   */
  safetyTolerance?: true;
  /**
   * The settings the user chose that this model cannot honour, as sentences shown with the result
   * (never dropped silently).
   */
  notes?(job: GenerationJob<K>): (string | false)[];
}

/** Every tool but those only the offline engine runs (engine-only.ts). */
export type FalTools = { [K in RemoteType]: FalTool<K> };

export type { FalModelKey };

/**
 * Inputs for `total` images, split over requests of at most `perRequest` (what the model accepts
 * in its count field, `num_images` unless named), so no request asks a model for more than it takes.
 */
export function inBatches(
  total: number,
  perRequest: number,
  input: FalInput,
  countField = 'num_images',
): FalInput[] {
  const batches: FalInput[] = [];
  for (let left = Math.max(1, total); left > 0; left -= perRequest) {
    batches.push({ ...input, [countField]: Math.min(perRequest, left), output_format: 'jpeg' });
  }
  return batches;
}

/** Joins prompt fragments as sentences, skipping the empty and unset ones. */
export function sentences(...parts: (string | false | null | undefined)[]): string {
  return parts
    .flatMap((part) => (typeof part === 'string' && part.trim() !== '' ? [part.trim()] : []))
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

export function garmentName(clothType: string): string {
  return clothType === 'auto' ? 'garment' : clothType;
}
