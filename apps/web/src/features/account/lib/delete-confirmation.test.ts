import { describe, expect, it } from 'vitest';
import { checkDeleteConfirmation, isDeleteButtonEnabled } from './delete-confirmation';

describe('isDeleteButtonEnabled', () => {
  it.each(['DELETE', 'delete', 'Delete', '  DeLeTe  '])('enables the button for %j', (typed) => {
    expect(isDeleteButtonEnabled(typed)).toBe(true);
  });

  it.each(['', 'DELET', 'DELETE!', 'DELETE ME', 'D E L E T E'])(
    'keeps the button off for %j',
    (typed) => {
      expect(isDeleteButtonEnabled(typed)).toBe(false);
    },
  );
});

describe('checkDeleteConfirmation', () => {
  it('accepts exactly DELETE, surrounding spaces ignored', () => {
    expect(checkDeleteConfirmation('DELETE', 'user_1')).toEqual({ ok: true, userId: 'user_1' });
    expect(checkDeleteConfirmation('  DELETE ', 'user_1')).toEqual({ ok: true, userId: 'user_1' });
  });

  it('refuses other letter cases even though they enable the button', () => {
    expect(checkDeleteConfirmation('delete', 'user_1')).toEqual({
      ok: false,
      message: 'Please type "DELETE" to confirm account deletion',
    });
    expect(checkDeleteConfirmation('Delete', 'user_1').ok).toBe(false);
  });

  it('requires a signed-in user', () => {
    expect(checkDeleteConfirmation('DELETE', null)).toEqual({
      ok: false,
      message: 'User not authenticated',
    });
  });
});
