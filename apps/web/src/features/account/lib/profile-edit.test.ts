import { describe, expect, it } from 'vitest';
import { canSaveProfileEdit, getProfileChanges, validateProfileEdit } from './profile-edit';

const initial = { name: 'Ada Lovelace', companyName: 'Analytical Co', phoneNumber: '' };

describe('getProfileChanges', () => {
  it('returns nothing when the form is as loaded', () => {
    expect(getProfileChanges(initial, { ...initial })).toEqual({});
  });

  it('returns only the changed fields, trimmed', () => {
    expect(getProfileChanges(initial, { ...initial, phoneNumber: ' +44 20 1234 ' })).toEqual({
      phoneNumber: '+44 20 1234',
    });
    expect(getProfileChanges(initial, { ...initial, name: ' Ada King ' })).toEqual({
      name: 'Ada King',
    });
  });

  it('does not count added spaces as a change', () => {
    expect(getProfileChanges(initial, { ...initial, name: '  Ada Lovelace  ' })).toEqual({});
  });

  it('counts clearing the company as a change', () => {
    expect(getProfileChanges(initial, { ...initial, companyName: '   ' })).toEqual({
      companyName: '',
    });
  });
});

describe('Edit Profile rules', () => {
  it('requires a full name', () => {
    expect(validateProfileEdit({ ...initial, name: '   ' })).toEqual({
      name: 'Full name is required',
    });
    expect(validateProfileEdit(initial)).toEqual({});
  });

  it('enables Save only when something changed and the name is not blank', () => {
    expect(canSaveProfileEdit(initial, initial)).toBe(false);
    expect(canSaveProfileEdit(initial, { ...initial, companyName: 'Engines Ltd' })).toBe(true);
    expect(canSaveProfileEdit(initial, { ...initial, name: '', companyName: 'Engines Ltd' })).toBe(
      false,
    );
  });

  it('refuses a phone number that is not one, naming the format (ADR 050)', () => {
    expect(validateProfileEdit({ ...initial, phoneNumber: '12ab' }, initial)).toEqual({
      phoneNumber: 'Enter a phone number with its country code, like +91 98765 43210.',
    });
    expect(canSaveProfileEdit(initial, { ...initial, phoneNumber: '12ab' })).toBe(false);
    expect(canSaveProfileEdit(initial, { ...initial, phoneNumber: '+91 98765 43210' })).toBe(true);
  });

  it('does not judge a stored number the user left alone', () => {
    const legacy = { ...initial, phoneNumber: 'call the office' };
    expect(canSaveProfileEdit(legacy, { ...legacy, name: 'Ada King' })).toBe(true);
  });
});
