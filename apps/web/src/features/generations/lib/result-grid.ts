/** Results shown at once; the rest collapse into a '+N more' tile (document 2 §9). */
export const MAX_VISIBLE_RESULTS = 4;

export interface VisibleResults<T> {
  shown: T[];
  /** How many results the '+N more' tile stands for (0: no tile). */
  hidden: number;
}

export function splitResults<T>(items: readonly T[], max = MAX_VISIBLE_RESULTS): VisibleResults<T> {
  const limit = Math.max(0, Math.floor(max));
  return { shown: items.slice(0, limit), hidden: Math.max(0, items.length - limit) };
}

/** The tile's text: '+2 more'. */
export function moreLabel(hidden: number): string {
  return `+${String(hidden)} more`;
}

/** Two results share a row from small screens up (the grid's own rule); more get four to a row. */
export const resultColumns = (count: number) => (count > 2 ? 'xl:grid-cols-4' : undefined);
