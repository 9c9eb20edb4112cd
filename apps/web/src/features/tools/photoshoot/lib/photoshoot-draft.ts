import { readHandedOver, type HandedOverResults } from '@/features/generations';
import { MODES, type Mode } from '@studio/contract/tools';
import { isRecord, isString } from '@/lib/guards';
import { clampImages, isSceneStyle, type PhotoshootSettings } from './photoshoot-request';

/** The page as the user left it (useToolDraft). */
export interface PhotoshootDraft {
  imageUrl: string | null;
  settings: PhotoshootSettings;
  mode: Mode;
  handedOver: HandedOverResults | null;
}

function readSettings(value: unknown): PhotoshootSettings | null {
  if (
    !isRecord(value) ||
    !isSceneStyle(value.sceneStyle) ||
    typeof value.numImages !== 'number' ||
    !isString(value.prompt)
  ) {
    return null;
  }
  return {
    sceneStyle: value.sceneStyle,
    numImages: clampImages(value.numImages),
    prompt: value.prompt,
  };
}

const isMode = (value: unknown): value is Mode => MODES.some((mode) => mode === value);

/** A stored draft, checked field by field; anything unexpected counts as no draft. */
export function readPhotoshootDraft(stored: unknown): PhotoshootDraft | null {
  if (!isRecord(stored) || !(stored.imageUrl === null || isString(stored.imageUrl))) return null;
  const settings = readSettings(stored.settings);
  if (!settings || !isMode(stored.mode)) return null;
  return {
    imageUrl: stored.imageUrl,
    settings,
    mode: stored.mode,
    handedOver: readHandedOver(stored.handedOver),
  };
}
export type { HandedOverResults };
