/** Spec §5 Delete account: the word to type, the dialog text and the refusal messages. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const deleteAccountMessages = {
  confirm: 'Are you sure you want to delete your account? This action cannot be undone.',
  typeDelete: 'Please type "DELETE" to confirm account deletion',
  notAuthenticated: 'User not authenticated',
} as const;

/** The button turns on as soon as the text reads DELETE in any letter case (spaces around ignored). */
export function isDeleteButtonEnabled(typed: string): boolean {
  return typed.trim().toUpperCase() === DELETE_CONFIRMATION_WORD;
}

export type DeleteCheck = { ok: true; userId: string } | { ok: false; message: string };

/**
 * Whether deletion may go ahead: only exactly 'DELETE' after trimming counts (so 'delete' enables
 * the button but is refused with a message), and only for a signed-in user.
 */
export function checkDeleteConfirmation(typed: string, userId: string | null): DeleteCheck {
  if (typed.trim() !== DELETE_CONFIRMATION_WORD) {
    return { ok: false, message: deleteAccountMessages.typeDelete };
  }
  if (!userId) return { ok: false, message: deleteAccountMessages.notAuthenticated };
  return { ok: true, userId };
}
