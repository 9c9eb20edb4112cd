import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { classifyStartFailure } from './generation-errors';

const apiError = (status: number, code: string, message: string, details?: unknown) =>
  new ApiError({ status, code, message, details });

describe('classifyStartFailure', () => {
  it('reads required and available credits from a 402', () => {
    expect(
      classifyStartFailure(
        apiError(402, 'insufficient_credits', 'You need 8 credits', { required: 8, available: 3 }),
      ),
    ).toEqual({ kind: 'insufficient-credits', required: 8, available: 3 });
  });

  it('still opens the credits dialog when the 402 has no details', () => {
    expect(classifyStartFailure(apiError(402, 'insufficient_credits', 'No'))).toEqual({
      kind: 'insufficient-credits',
      required: null,
      available: null,
    });
  });

  it('reads the plans a 403 plan_required names, dropping unknown ones', () => {
    expect(
      classifyStartFailure(
        apiError(403, 'plan_required', 'Video generation needs the Pro plan.', {
          requiresPlan: ['pro', 'enterprise', 'platinum'],
        }),
      ),
    ).toEqual({ kind: 'plan-required', requiresPlan: ['pro', 'enterprise'] });
  });

  it("passes other errors' messages on", () => {
    expect(
      classifyStartFailure(apiError(429, 'too_many_generations', 'Wait for one to finish.')),
    ).toEqual({ kind: 'message', reason: 'Wait for one to finish.' });
  });

  it('has no reason for errors that are not from the API', () => {
    expect(classifyStartFailure(new Error('boom'))).toEqual({ kind: 'message', reason: null });
  });
});
