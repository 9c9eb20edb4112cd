import {
  GARMENT_PHOTO_TYPES,
  MODES,
  TRY_ON_CATEGORIES,
  TRY_ON_IMAGES_MAX,
  type GarmentPhotoType,
  type Mode,
  type TryOnCategory,
} from '@studio/contract/tools';
import { isFiniteNumber, isRecord, isString, isStringArray, oneOf } from '@/lib/guards';
import type { StoredImage } from './try-on-request';

/** Results handed over by the gallery's View, shown until the first catalogue here. */
export interface HandedOverResults {
  urls: readonly string[];
  generationId: string;
  prompt: string;
}

/** The form as the user left it (useToolDraft); templates by id, chosen again once listed. */
export interface TryOnDraft {
  garments: readonly StoredImage[];
  photos: readonly StoredImage[];
  templateIds: readonly string[];
  category: TryOnCategory;
  photoType: GarmentPhotoType;
  numImages: number;
  name: string;
  mode: Mode;
  handedOver: HandedOverResults | null;
}

function readImages(value: unknown): StoredImage[] | null {
  if (!Array.isArray(value)) return null;
  const images: StoredImage[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || !isString(entry.url) || !isString(entry.name)) return null;
    images.push({ url: entry.url, name: entry.name });
  }
  return images;
}

function readHandedOver(value: unknown): HandedOverResults | null {
  if (!isRecord(value) || !isStringArray(value.urls)) return null;
  if (!isString(value.generationId) || !isString(value.prompt)) return null;
  return { urls: value.urls, generationId: value.generationId, prompt: value.prompt };
}

/** A stored draft, checked field by field; anything unexpected counts as no draft. */
export function readTryOnDraft(stored: unknown): TryOnDraft | null {
  if (!isRecord(stored)) return null;
  const garments = readImages(stored.garments);
  const photos = readImages(stored.photos);
  const { templateIds, category, photoType, numImages, name, mode } = stored;
  if (
    !garments ||
    !photos ||
    !isStringArray(templateIds) ||
    !oneOf(TRY_ON_CATEGORIES, category) ||
    !oneOf(GARMENT_PHOTO_TYPES, photoType) ||
    !isFiniteNumber(numImages) ||
    numImages < 1 ||
    numImages > TRY_ON_IMAGES_MAX ||
    !isString(name) ||
    !oneOf(MODES, mode)
  ) {
    return null;
  }
  return {
    garments,
    photos,
    templateIds,
    category,
    photoType,
    numImages: Math.floor(numImages),
    name,
    mode,
    handedOver: readHandedOver(stored.handedOver),
  };
}
