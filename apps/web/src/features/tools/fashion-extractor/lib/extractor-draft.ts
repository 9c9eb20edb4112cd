import { MODES, type Mode } from '@studio/contract/tools';
import { isRecord, isString, isStringArray } from '@/lib/guards';

/** Results shown on the page that did not come from a run here (the gallery's View). */
export interface HandedOverResults {
  urls: readonly string[];
  generationId: string;
  prompt: string;
}

/** The page as the user left it (useToolDraft). */
export interface ExtractorDraft {
  imageUrl: string | null;
  instructions: string;
  mode: Mode;
  handedOver: HandedOverResults | null;
}

function readHandedOver(value: unknown): HandedOverResults | null {
  if (
    !isRecord(value) ||
    !isStringArray(value.urls) ||
    !isString(value.generationId) ||
    !isString(value.prompt)
  ) {
    return null;
  }
  return { urls: value.urls, generationId: value.generationId, prompt: value.prompt };
}

const isMode = (value: unknown): value is Mode => MODES.some((mode) => mode === value);

/** A stored draft, checked field by field; anything unexpected counts as no draft. */
export function readExtractorDraft(stored: unknown): ExtractorDraft | null {
  if (
    !isRecord(stored) ||
    !(stored.imageUrl === null || isString(stored.imageUrl)) ||
    !isString(stored.instructions) ||
    !isMode(stored.mode)
  ) {
    return null;
  }
  return {
    imageUrl: stored.imageUrl,
    instructions: stored.instructions,
    mode: stored.mode,
    handedOver: readHandedOver(stored.handedOver),
  };
}
