/**
 * Tiny runtime guards for parsing JSON in the browser. The contract's zod schemas stay on the
 * server side of the bundle (full zod costs ~94 KiB gzipped), so responses are checked with these.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(isString);
}

/** A trimmed non-empty string, or null: empty names and whitespace count as missing. */
export function nonBlank(value: unknown): string | null {
  if (!isString(value)) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
