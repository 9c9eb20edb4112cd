/**
 * One checkbox's value, its name when that is not the value itself, and the line that says what
 * it means (a key's scope, an endpoint's event, a view of an angle set).
 */
export interface Choice<T extends string> {
  value: T;
  label?: string;
  description: string;
}

/** Adds or removes one value, keeping the order the choices are shown in. */
export function toggleChoice<T extends string>(
  order: readonly T[],
  chosen: readonly T[],
  value: T,
  on: boolean,
): T[] {
  return order.filter((v) => (v === value ? on : chosen.includes(v)));
}
