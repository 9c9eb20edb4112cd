import type { AccessPlan } from '@studio/contract/tools';
import { isApiError } from '@/lib/api-client';
import { isFiniteNumber, isRecord } from '@/lib/guards';
import { isAccessPlan } from './plan-access';

/** How a failed generate call is shown: a dialog for credits and plans, a message otherwise. */
export type StartFailure =
  | { kind: 'insufficient-credits'; required: number | null; available: number | null }
  | { kind: 'plan-required'; requiresPlan: AccessPlan[] }
  | { kind: 'message'; reason: string | null };

/** Reads the server's 402 `insufficient_credits` and 403 `plan_required` details (document 2 §8). */
export function classifyStartFailure(error: unknown): StartFailure {
  if (!isApiError(error)) return { kind: 'message', reason: null };
  const details = isRecord(error.details) ? error.details : {};
  if (error.code === 'insufficient_credits') {
    return {
      kind: 'insufficient-credits',
      required: isFiniteNumber(details.required) ? details.required : null,
      available: isFiniteNumber(details.available) ? details.available : null,
    };
  }
  if (error.code === 'plan_required') {
    const plans = Array.isArray(details.requiresPlan) ? details.requiresPlan : [];
    return { kind: 'plan-required', requiresPlan: plans.filter(isAccessPlan) };
  }
  return { kind: 'message', reason: error.message };
}
