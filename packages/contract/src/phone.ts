import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/*
 * Phone numbers of the profile (ADR 050): an international number, stored in E.164
 * ('+919876543210'). Zod-free so the browser's forms import it from `@studio/contract/phone` and
 * judge a number exactly as the server does.
 */

export const PHONE_NUMBER_MAX_LENGTH = 40;

export const PHONE_NUMBER_MESSAGE =
  'Enter a phone number with its country code, like +91 98765 43210.';

/** Digits, spaces and the usual separators only: '12ab' or '+91 98765 ext. 4' are not numbers. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * The number in E.164 when `input` is a valid phone number with its country code (the leading '+'
 * may be left out); null otherwise.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length > PHONE_NUMBER_MAX_LENGTH || !PHONE_CHARACTERS.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  return parsed?.isValid() ? parsed.number : null;
}

/** The form's message for an optional phone field: none when blank or valid. */
export function phoneNumberError(input: string): string | undefined {
  return input.trim() === '' || toE164(input) !== null ? undefined : PHONE_NUMBER_MESSAGE;
}
