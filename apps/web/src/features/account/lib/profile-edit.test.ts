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
});
