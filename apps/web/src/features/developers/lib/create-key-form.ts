import type { ApiKeyScope } from '@studio/contract/constants';

/** The same bound the server checks (the contract's create request). */
export const KEY_NAME_MAX_LENGTH = 60;

/** The server's own words for the same checks, so both sides say one thing. */
export const createKeyMessages = {
  nameRequired: 'Give the key a name',
  nameTooLong: `A key name is at most ${String(KEY_NAME_MAX_LENGTH)} characters`,
  scopeRequired: 'Choose at least one scope',
} as const;

export interface CreateKeyValues {
  name: string;
  scopes: readonly ApiKeyScope[];
}

export type CreateKeyErrors = Partial<Record<keyof CreateKeyValues, string>>;

/** The create form's check (ADR 056): a message per field in trouble, none when it may be sent. */
export function validateCreateKey(values: CreateKeyValues): CreateKeyErrors {
  const name = values.name.trim();
  const errors: CreateKeyErrors = {};
  if (name === '') errors.name = createKeyMessages.nameRequired;
  else if (name.length > KEY_NAME_MAX_LENGTH) errors.name = createKeyMessages.nameTooLong;
  if (values.scopes.length === 0) errors.scopes = createKeyMessages.scopeRequired;
  return errors;
}
