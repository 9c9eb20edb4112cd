import { ETHNICITIES, MODES, type Mode } from '@studio/contract/tools';
import { isRecord, isString, isStringArray, oneOf } from '@/lib/guards';
import type { Ethnicity } from './realistic-request';

/** Results shown on the page that did not come from a run here (the gallery's View). */
export interface HandedOverResults {
  urls: readonly string[];
  generationId: string;
  prompt: string;
  style: string;
}

/** The page as the user left it (useToolDraft): templates by id, chosen again once listed. */
export interface RealisticDraft {
  imageUrl: string | null;
  templateIds: readonly string[];
  ethnicity: Ethnicity;
  prompt: string;
  mode: Mode;
  handedOver: HandedOverResults | null;
}

function readHandedOver(value: unknown): HandedOverResults | null {
  if (
    !isRecord(value) ||
    !isStringArray(value.urls) ||
    !isString(value.generationId) ||
    !isString(value.prompt) ||
    !isString(value.style)
  ) {
    return null;
  }
  return {
    urls: value.urls,
    generationId: value.generationId,
    prompt: value.prompt,
    style: value.style,
  };
}

/** A stored draft, checked field by field; anything unexpected counts as no draft. */
export function readRealisticDraft(stored: unknown): RealisticDraft | null {
  if (
    !isRecord(stored) ||
    !(stored.imageUrl === null || isString(stored.imageUrl)) ||
    !isStringArray(stored.templateIds) ||
    !oneOf(ETHNICITIES, stored.ethnicity) ||
    !isString(stored.prompt) ||
    !oneOf(MODES, stored.mode)
  ) {
    return null;
  }
  return {
    imageUrl: stored.imageUrl,
    templateIds: stored.templateIds,
    ethnicity: stored.ethnicity,
    prompt: stored.prompt,
    mode: stored.mode,
    handedOver: readHandedOver(stored.handedOver),
  };
}
