import { API_BASE } from '@studio/contract';
import { galleryDeleteResponseSchema } from '@studio/contract/responses';
import { request, schemaParser } from '@/lib/api-client';
import { saveBlob } from '@/features/generations';

/*
 * The many-card actions (ADR 030), loaded only when the user acts on a selection, so the
 * gallery's first load does not carry them.
 */

/** The zip's name from the server's Content-Disposition, else a plain one. */
function zipName(disposition: string | null, count: number): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? `gallery-${String(count)}-items.zip`;
}

/** The server's message for a refused zip, else a general one. */
async function failureMessage(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message !== '') return message;
  }
  return response.status === 404
    ? 'Some of the selected items no longer exist. Refresh the gallery and try again.'
    : 'The zip could not be downloaded. Please try again.';
}

/**
 * `POST /gallery/zip`: the server streams one zip of the selection; the browser saves it under
 * the server's name. Returns the name saved.
 */
export async function downloadZip(generationIds: readonly string[]): Promise<string> {
  const response = await fetch(new URL(`${API_BASE}/gallery/zip`, window.location.origin), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/zip' },
    body: JSON.stringify({ generationIds }),
  });
  if (!response.ok) throw new Error(await failureMessage(response));
  const name = zipName(response.headers.get('content-disposition'), generationIds.length);
  saveBlob(await response.blob(), name);
  return name;
}

/** `DELETE /gallery/generations`: the generations and the media only they made. */
export function deleteGenerations(generationIds: readonly string[]) {
  return request(`${API_BASE}/gallery/generations`, {
    method: 'DELETE',
    body: { generationIds },
    parse: schemaParser(galleryDeleteResponseSchema),
  });
}
