import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './errors';

describe('error body', () => {
  it('accepts the documented shape with optional details', () => {
    expect(
      errorBodySchema.safeParse({
        success: false,
        error: { code: 'not_found', message: 'No such item' },
      }).success,
    ).toBe(true);
    expect(
      errorBodySchema.safeParse({
        success: false,
        error: { code: 'validation_failed', message: 'Bad', details: [{ path: 'x' }] },
      }).success,
    ).toBe(true);
  });

  it('rejects a success body or a missing message', () => {
    expect(
      errorBodySchema.safeParse({ success: true, error: { code: 'x', message: 'y' } }).success,
    ).toBe(false);
    expect(errorBodySchema.safeParse({ success: false, error: { code: 'x' } }).success).toBe(false);
  });
});
