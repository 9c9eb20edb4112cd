import { API_BASE } from '@studio/contract';
import { galleryDeleteResponseSchema, galleryZipResponseSchema } from '@studio/contract/responses';
import { downloadLink } from '@/features/generations';
import { request, schemaParser } from '@/lib/api-client';

/*
 * The many-card actions (ADR 030), loaded only when the user acts on a selection, so the
 * gallery's first load does not carry them.
 */

/**
 * `POST /gallery/zip`, then the zip itself: the server checks the selection and answers a
 * short-lived link, and a plain link click hands that to the browser, which streams the zip to
 * disk with its own progress and under the server's name. Read through `fetch`, a selection of
 * videos would sit in this tab's memory whole. Failures of the check throw as ApiError.
 */
export async function downloadZip(generationIds: readonly string[]): Promise<void> {
  const { downloadUrl } = await request(`${API_BASE}/gallery/zip`, {
    method: 'POST',
    body: { generationIds },
    parse: schemaParser(galleryZipResponseSchema),
  });
  downloadLink(downloadUrl);
}

/** `DELETE /gallery/generations`: the generations and the media only they made. */
export function deleteGenerations(generationIds: readonly string[]) {
  return request(`${API_BASE}/gallery/generations`, {
    method: 'DELETE',
    body: { generationIds },
    parse: schemaParser(galleryDeleteResponseSchema),
  });
}
