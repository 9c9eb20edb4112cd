import {
  createSkipMarker,
  parseSkipMarker,
  skipMarkerKey,
  type SkipMarker,
} from './profile-prompt';

/*
 * localStorage side of the profile prompt's skip marker. Storage can be unavailable (private
 * mode, blocked cookies): then there is simply no marker, and the prompt asks again next time.
 */

export function readSkipMarker(userId: string): SkipMarker | null {
  try {
    return parseSkipMarker(window.localStorage.getItem(skipMarkerKey(userId)));
  } catch {
    return null;
  }
}

/** 'Skip for now': hide the prompt for this user for 5 hours. */
export function saveSkipMarker(userId: string): void {
  try {
    window.localStorage.setItem(
      skipMarkerKey(userId),
      JSON.stringify(createSkipMarker(Date.now())),
    );
  } catch {
    // Nothing to do: without storage the prompt simply asks again next time.
  }
}

export function removeSkipMarker(userId: string): void {
  try {
    window.localStorage.removeItem(skipMarkerKey(userId));
  } catch {
    // Storage unavailable: there is no marker to remove.
  }
}

/** The stored marker of `userId` and the current time: what the prompt's visibility rule needs. */
export function readSkipState(userId: string): { skip: SkipMarker | null; now: number } {
  return { skip: readSkipMarker(userId), now: Date.now() };
}
