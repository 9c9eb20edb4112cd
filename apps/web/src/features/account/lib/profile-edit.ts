import type { UserProfile } from '@studio/contract';

/** Spec §4 "Profile edit" and §5: the Edit Profile form's fields and rules. */
export interface ProfileEditValues {
  name: string;
  companyName: string;
  phoneNumber: string;
}

export type ProfileEditChanges = Partial<ProfileEditValues>;

export const profileEditMessages = {
  nameRequired: 'Full name is required',
} as const;

/** The form starts from the stored profile. */
export function toProfileEditValues(
  profile: Pick<UserProfile, 'name' | 'companyName' | 'phoneNumber'>,
): ProfileEditValues {
  return { name: profile.name, companyName: profile.companyName, phoneNumber: profile.phoneNumber };
}

const fields = ['name', 'companyName', 'phoneNumber'] as const;

/**
 * The fields whose trimmed value differs from what is stored, trimmed: only these are sent.
 * Emptying company or phone is a change (it clears them); spaces alone are not.
 */
export function getProfileChanges(
  initial: ProfileEditValues,
  values: ProfileEditValues,
): ProfileEditChanges {
  const changes: ProfileEditChanges = {};
  for (const field of fields) {
    const next = values[field].trim();
    if (next !== initial[field].trim()) changes[field] = next;
  }
  return changes;
}

/** Full name is required (non-blank after trimming); company and phone are free text. */
export function validateProfileEdit(values: ProfileEditValues): { name?: string } {
  return values.name.trim() === '' ? { name: profileEditMessages.nameRequired } : {};
}

/** Save is enabled only when something changed and the name is not blank. */
export function canSaveProfileEdit(initial: ProfileEditValues, values: ProfileEditValues): boolean {
  return (
    Object.keys(getProfileChanges(initial, values)).length > 0 &&
    validateProfileEdit(values).name === undefined
  );
}
