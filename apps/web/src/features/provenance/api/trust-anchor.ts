import { API_BASE } from '@studio/contract';

/**
 * `GET /api/v1/provenance/trust-anchor` (public): the certificate the studio signs its content
 * credentials under, as PEM text. Null when the server does not answer with one: the verifier
 * then reads without it, and the studio's files show as signed by a certificate it does not know.
 * Plain text, not JSON, so this is a fetch of its own rather than the JSON api client.
 */
export async function fetchTrustAnchor(signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(
      new URL(`${API_BASE}/provenance/trust-anchor`, window.location.origin),
      {
        signal: signal ?? null,
      },
    );
    if (!response.ok) return null;
    const pem = await response.text();
    return pem.includes('-----BEGIN CERTIFICATE-----') ? pem : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}
