import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@studio/contract/constants';

/** The file input's `accept`: the types the server takes (it sniffs the bytes again). */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

const megabytes = MAX_UPLOAD_BYTES / 1024 / 1024;

/**
 * Why a chosen or dropped file cannot be uploaded, or null. Checked before sending so a 40 MB
 * photo or a PDF fails at once instead of after a long upload; the server enforces the same rules.
 */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!ACCEPTED_IMAGE_TYPES.some((type) => type === file.type)) {
    return 'Please choose a PNG, JPG or WebP image.';
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return `This image is larger than ${String(megabytes)} MB. Please choose a smaller one.`;
  }
  return null;
}
