import { GALLERY_SEARCH_MIN } from '@studio/contract/tools';
import { SEARCH_MAX_LENGTH } from './gallery-query';

/** Document 1 §4: 800 ms after typing stops, 1200 ms once the text is longer than 5 characters. */
export const SEARCH_DELAY_MS = 800;
export const LONG_SEARCH_DELAY_MS = 1200;
const LONG_SEARCH_LENGTH = 5;

/** Surrounding spaces never change what the server finds, so they never trigger a search. */
export function normalizeSearch(typed: string): string {
  return typed.trim().slice(0, SEARCH_MAX_LENGTH);
}

/** A longer text gets more time: the user is more likely still typing a phrase. */
export function searchDelay(typed: string): number {
  return normalizeSearch(typed).length > LONG_SEARCH_LENGTH
    ? LONG_SEARCH_DELAY_MS
    : SEARCH_DELAY_MS;
}

/** Only an empty search (show everything) or one of at least 2 characters is ever sent. */
export function isApplicableSearch(typed: string): boolean {
  const search = normalizeSearch(typed);
  return search === '' || search.length >= GALLERY_SEARCH_MIN;
}

/** Whether the typed text, once the user pauses, replaces the applied search. */
export function shouldApplySearch(typed: string, applied: string): boolean {
  return isApplicableSearch(typed) && normalizeSearch(typed) !== applied;
}

/** One character typed: too short to search, so the user is told why nothing happens. */
export function needsMoreCharacters(typed: string): boolean {
  const length = normalizeSearch(typed).length;
  return length > 0 && length < GALLERY_SEARCH_MIN;
}
