import { describe, expect, it } from 'vitest';
import {
  buildProfileCompletion,
  canContinueProfilePrompt,
  createSkipMarker,
  getPromptFields,
  isSkipMarkerValid,
  parseSkipMarker,
  PROFILE_PROMPT_SKIP_MS,
  shouldShowProfilePrompt,
  skipMarkerKey,
} from './profile-prompt';

const HOUR = 60 * 60 * 1000;
const now = Date.UTC(2026, 0, 10, 12);
const bothMissing = { companyName: true, phoneNumber: true };

describe('skip marker', () => {
  it('is stored under a key that names the user', () => {
    expect(skipMarkerKey('user_1')).toBe('studio.profile-prompt-skip.user_1');
    expect(skipMarkerKey('user_1')).not.toBe(skipMarkerKey('user_2'));
  });

  it("'Skip for now' hides the prompt for 5 hours", () => {
    expect(PROFILE_PROMPT_SKIP_MS).toBe(5 * HOUR);
    expect(createSkipMarker(now)).toEqual({ until: now + 5 * HOUR });
    expect(isSkipMarkerValid(createSkipMarker(now), now + 5 * HOUR - 1)).toBe(true);
    expect(isSkipMarkerValid(createSkipMarker(now), now + 5 * HOUR)).toBe(false);
  });

  it('is valid only while until lies in the future', () => {
    expect(isSkipMarkerValid({ until: now + 1 }, now)).toBe(true);
    expect(isSkipMarkerValid({ until: now }, now)).toBe(false);
    expect(isSkipMarkerValid({ until: now - HOUR }, now)).toBe(false);
  });

  it('is not trusted more than 24 hours ahead', () => {
    expect(isSkipMarkerValid({ until: now + 24 * HOUR }, now)).toBe(true);
    expect(isSkipMarkerValid({ until: now + 24 * HOUR + 1 }, now)).toBe(false);
  });

  it('must be positive', () => {
    expect(isSkipMarkerValid({ until: 0 }, -10)).toBe(false);
    expect(isSkipMarkerValid({ until: -5 }, -10)).toBe(false);
  });

  it('reads only a stored object with a numeric until', () => {
    expect(parseSkipMarker(JSON.stringify({ until: now }))).toEqual({ until: now });
    expect(parseSkipMarker(null)).toBeNull();
    expect(parseSkipMarker('not json')).toBeNull();
    expect(parseSkipMarker(String(now))).toBeNull();
    expect(parseSkipMarker(JSON.stringify({ until: String(now) }))).toBeNull();
    expect(parseSkipMarker(JSON.stringify(null))).toBeNull();
    expect(parseSkipMarker('{"until":1e999}')).toBeNull();
  });
});

describe('shouldShowProfilePrompt', () => {
  const base = { signedInWithGoogle: true, missing: bothMissing, skip: null, now };

  it('shows after a Google sign-in when company or phone is missing', () => {
    expect(shouldShowProfilePrompt(base)).toBe(true);
    expect(
      shouldShowProfilePrompt({ ...base, missing: { companyName: false, phoneNumber: true } }),
    ).toBe(true);
  });

  it('never shows after an email sign-in', () => {
    expect(shouldShowProfilePrompt({ ...base, signedInWithGoogle: false })).toBe(false);
  });

  it('does not show when nothing is missing or the profile is unknown', () => {
    expect(
      shouldShowProfilePrompt({ ...base, missing: { companyName: false, phoneNumber: false } }),
    ).toBe(false);
    expect(shouldShowProfilePrompt({ ...base, missing: null })).toBe(false);
  });

  it('stays hidden while a valid skip exists, and shows again once it lapses', () => {
    expect(shouldShowProfilePrompt({ ...base, skip: createSkipMarker(now) })).toBe(false);
    expect(shouldShowProfilePrompt({ ...base, skip: { until: now - 1 } })).toBe(true);
    expect(shouldShowProfilePrompt({ ...base, skip: { until: now + 48 * HOUR } })).toBe(true);
  });
});

describe('prompt form', () => {
  it('asks only for the missing fields', () => {
    expect(getPromptFields(bothMissing)).toEqual(['companyName', 'phoneNumber']);
    expect(getPromptFields({ companyName: false, phoneNumber: true })).toEqual(['phoneNumber']);
    expect(getPromptFields({ companyName: false, phoneNumber: false })).toEqual([]);
  });

  it('enables Continue only when a shown field is not blank', () => {
    const fields = getPromptFields({ companyName: false, phoneNumber: true });
    expect(canContinueProfilePrompt({ companyName: '', phoneNumber: '  ' }, fields)).toBe(false);
    expect(canContinueProfilePrompt({ companyName: 'Acme', phoneNumber: '' }, fields)).toBe(false);
    expect(canContinueProfilePrompt({ companyName: '', phoneNumber: '555' }, fields)).toBe(true);
  });

  it('sends trimmed values of the shown fields and leaves blanks out', () => {
    expect(
      buildProfileCompletion({ companyName: '  Acme  ', phoneNumber: '   ' }, [
        'companyName',
        'phoneNumber',
      ]),
    ).toEqual({ companyName: 'Acme' });
    expect(
      buildProfileCompletion({ companyName: 'Hidden Co', phoneNumber: ' +1 555 ' }, [
        'phoneNumber',
      ]),
    ).toEqual({ phoneNumber: '+1 555' });
  });
});
