/**
 * Tiny runtime guards for values no contract schema describes: error bodies (ours and Better
 * Auth's), browser storage, navigation state, window messages. API answers are read with the
 * contract's zod/mini schemas instead (ADR 016).
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

/** `value` is one of `list`'s options: a stored or reused setting a screen may take as is. */
export const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  list.some((item) => item === value);
