/**
 * A fresh key per new request: the server charges once per key, so a double submit or a retried
 * request never pays twice (a retry after a failure that may have reached the server reuses the
 * previous key, see `useGenerationRun`). `randomUUID` exists only in secure contexts (HTTPS, localhost); a
 * plain-HTTP deployment falls back to the same 122 random bits from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  const api: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto;
  if (api.randomUUID) return api.randomUUID();
  const bytes = api.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
