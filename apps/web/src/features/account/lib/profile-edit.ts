import type { UserProfile } from '@studio/contract';
import { phoneNumberError } from '@studio/contract/phone';

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

export interface ProfileEditErrors {
  name?: string;
  phoneNumber?: string;
}

/**
 * Full name is required (non-blank after trimming). A phone number, when given, must be a valid
 * international one (`@studio/contract/phone`, which the server applies too; ADR 050); only a
 * changed number is judged, so an old free-text number does not block renaming.
 */
export function validateProfileEdit(
  values: ProfileEditValues,
  initial?: ProfileEditValues,
): ProfileEditErrors {
  const errors: ProfileEditErrors = {};
  if (values.name.trim() === '') errors.name = profileEditMessages.nameRequired;
  const phoneChanged = !initial || values.phoneNumber.trim() !== initial.phoneNumber.trim();
  const phone = phoneChanged ? phoneNumberError(values.phoneNumber) : undefined;
  if (phone) errors.phoneNumber = phone;
  return errors;
}

/** Save is enabled only when something changed, the name is not blank and the phone is valid. */
export function canSaveProfileEdit(initial: ProfileEditValues, values: ProfileEditValues): boolean {
  return (
    Object.keys(getProfileChanges(initial, values)).length > 0 &&
    Object.keys(validateProfileEdit(values, initial)).length === 0
  );
}
