/*
 * Which past generation a tool screen was opened from (the gallery's View or Reuse settings),
 * per screen path. The arrival state is cleared from history as soon as it is read, so the screen
 * remembers it here and every run started on that screen names it to the server (ADR 030), which
 * keeps it with the new generation for the gallery's "Made from" link.
 */
const sources = new Map<string, string>();

/** Called when a screen opens: a screen opened afresh forgets its earlier source. */
export function rememberMadeFrom(path: string, generationId: string | undefined): void {
  if (generationId) sources.set(path, generationId);
  else sources.delete(path);
}

export function madeFromOf(path: string): string | undefined {
  return sources.get(path);
}
