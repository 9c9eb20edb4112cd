import { describe, expect, it } from 'vitest';
import { createKeyMessages, validateCreateKey } from './create-key-form';

describe('validateCreateKey', () => {
  it('accepts a name and one scope', () => {
    expect(validateCreateKey({ name: 'Shopify sync', scopes: ['read'] })).toEqual({});
  });

  it('asks for a name when it is empty or only spaces', () => {
    expect(validateCreateKey({ name: '   ', scopes: ['read'] })).toEqual({
      name: createKeyMessages.nameRequired,
    });
  });

  it('refuses a name over 60 characters, counted without the spaces around it', () => {
    expect(validateCreateKey({ name: ` ${'a'.repeat(60)} `, scopes: ['read'] })).toEqual({});
    expect(validateCreateKey({ name: 'a'.repeat(61), scopes: ['read'] })).toEqual({
      name: createKeyMessages.nameTooLong,
    });
  });

  it('asks for at least one scope', () => {
    expect(validateCreateKey({ name: 'Nightly', scopes: [] })).toEqual({
      scopes: createKeyMessages.scopeRequired,
    });
  });
});
