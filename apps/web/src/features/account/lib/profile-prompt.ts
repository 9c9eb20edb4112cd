import type { MissingFields } from '@studio/contract';

/**
 * Rules of the profile completion prompt (spec §4 "Profile prompt", §9 skip range). Pure: the
 * storage and the clock are passed in, so every rule is unit-tested without a browser.
 */

const HOUR_MS = 60 * 60 * 1000;
/** 'Skip for now' hides the prompt for 5 hours. */
export const PROFILE_PROMPT_SKIP_MS = 5 * HOUR_MS;
/** A stored skip further ahead than this is not trusted (tampered or from a wrong clock). */
export const PROFILE_PROMPT_MAX_SKIP_MS = 24 * HOUR_MS;

/** Stored per user in localStorage. */
export interface SkipMarker {
  until: number;
}

/** The key includes the user id, so one person's skip never hides another's prompt. */
export function skipMarkerKey(userId: string): string {
  return `studio.profile-prompt-skip.${userId}`;
}

/** Reads a stored marker; anything but `{ until: <finite number> }` counts as no marker. */
export function parseSkipMarker(raw: string | null): SkipMarker | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || !('until' in value)) return null;
    const { until } = value;
    return typeof until === 'number' && Number.isFinite(until) ? { until } : null;
  } catch {
    return null;
  }
}

/** Valid only when `until` is positive, in the future and at most 24 h ahead of `now`. */
export function isSkipMarkerValid(marker: SkipMarker | null, now: number): boolean {
  if (!marker) return false;
  const { until } = marker;
  return until > 0 && until > now && until - now <= PROFILE_PROMPT_MAX_SKIP_MS;
}

/** The marker 'Skip for now' stores. */
export function createSkipMarker(now: number): SkipMarker {
  return { until: now + PROFILE_PROMPT_SKIP_MS };
}

export type PromptField = 'companyName' | 'phoneNumber';

/** Only the missing fields are asked for, company first. */
export function getPromptFields(missing: MissingFields): PromptField[] {
  const fields: PromptField[] = [];
  if (missing.companyName) fields.push('companyName');
  if (missing.phoneNumber) fields.push('phoneNumber');
  return fields;
}

export interface PromptVisibilityInput {
  /** This tab's sign-in went through Google (the prompt never follows email sign-in). */
  signedInWithGoogle: boolean;
  /** null while the profile is unknown (loading, failed): nothing to ask about yet. */
  missing: MissingFields | null;
  skip: SkipMarker | null;
  now: number;
}

export function shouldShowProfilePrompt({
  signedInWithGoogle,
  missing,
  skip,
  now,
}: PromptVisibilityInput): boolean {
  if (!signedInWithGoogle || !missing) return false;
  if (getPromptFields(missing).length === 0) return false;
  return !isSkipMarkerValid(skip, now);
}

export type PromptValues = Record<PromptField, string>;

/** 'Continue' is enabled once at least one of the shown fields has something besides spaces. */
export function canContinueProfilePrompt(values: PromptValues, fields: PromptField[]): boolean {
  return fields.some((field) => values[field].trim() !== '');
}

/** What 'Continue' sends: the shown fields that were filled in, trimmed; blanks are left out. */
export function buildProfileCompletion(
  values: PromptValues,
  fields: PromptField[],
): Partial<PromptValues> {
  const update: Partial<PromptValues> = {};
  for (const field of fields) {
    const value = values[field].trim();
    if (value !== '') update[field] = value;
  }
  return update;
}
