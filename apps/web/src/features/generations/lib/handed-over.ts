import { isRecord, isString, isStringArray } from '@/lib/guards';

/** A past run's results handed over by the gallery's View, kept with a page's draft. */
export interface HandedOverResults {
  urls: readonly string[];
  generationId: string;
  prompt: string;
  /** What the gallery recorded as the run's style (templates, pose, theme), when it did. */
  style?: string;
}

/** Stored results read back from a draft (untyped JSON); anything malformed is none. */
export function readHandedOver(value: unknown): HandedOverResults | null {
  if (!isRecord(value) || !isStringArray(value.urls)) return null;
  if (!isString(value.generationId) || !isString(value.prompt)) return null;
  return {
    urls: value.urls,
    generationId: value.generationId,
    prompt: value.prompt,
    ...(isString(value.style) ? { style: value.style } : {}),
  };
}
