import { readHandedOver, type HandedOverResults } from '@/features/generations';
import { MODES, type Mode } from '@studio/contract/tools';
import { isRecord, isString, oneOf } from '@/lib/guards';
import {
  ASPECT_RATIO_LIST,
  CLOTH_TYPE_LIST,
  PALETTE_NAMES,
  THEME_LIST,
  VARIATIONS,
  type DesignerSettings,
} from './designer-request';

/** The page as the user left it (useToolDraft). */
export interface DesignerDraft {
  imageUrl: string | null;
  settings: DesignerSettings;
  mode: Mode;
  handedOver: HandedOverResults | null;
}

function readSettings(value: unknown): DesignerSettings | null {
  if (
    !isRecord(value) ||
    !oneOf(CLOTH_TYPE_LIST, value.clothType) ||
    !isString(value.customClothType) ||
    !oneOf(THEME_LIST, value.designTheme) ||
    !oneOf(PALETTE_NAMES, value.colorPalette) ||
    !oneOf(ASPECT_RATIO_LIST, value.aspectRatio) ||
    !oneOf(VARIATIONS, value.variations) ||
    !isString(value.prompt) ||
    !isString(value.style)
  ) {
    return null;
  }
  return {
    clothType: value.clothType,
    customClothType: value.customClothType,
    designTheme: value.designTheme,
    colorPalette: value.colorPalette,
    aspectRatio: value.aspectRatio,
    variations: value.variations,
    prompt: value.prompt,
    style: value.style,
  };
}

/** A stored draft, checked field by field; anything unexpected counts as no draft. */
export function readDesignerDraft(stored: unknown): DesignerDraft | null {
  if (!isRecord(stored) || !(stored.imageUrl === null || isString(stored.imageUrl))) return null;
  const settings = readSettings(stored.settings);
  if (!settings || !oneOf(MODES, stored.mode)) return null;
  return {
    imageUrl: stored.imageUrl,
    settings,
    mode: stored.mode,
    handedOver: readHandedOver(stored.handedOver),
  };
}
export type { HandedOverResults };
