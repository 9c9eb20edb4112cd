import type { AccessPlan } from '@studio/contract/tools';

/** Document 2 §5 and §8, word for word: what every tool says before anything is sent. */
export const PRE_SEND_MESSAGES = {
  noUser: 'Please log in to generate content',
  stillUploading: 'Please wait for the image to finish uploading before generating',
  planCheckFailed: 'Unable to verify subscription status. Please try again.',
} as const;

export interface PreSendFacts {
  /** The input image; `url` is null while only its local preview exists. */
  image: { url: string | null } | null;
  /** What the tool says when there is no image ('Please upload a cloth image'). */
  noImageMessage: string;
  /** The tool's own objection to the form, in the spec's words ('Please select at least one template'). */
  problem: string | null;
  userId: string | null;
  /** Plans the tool is limited to; empty when every plan may use it. */
  requiresPlan: readonly AccessPlan[];
  /** The plan, 'error' when the status check failed, 'unknown' while not yet read. */
  plan: AccessPlan | 'error' | 'unknown';
  /** The price and balance; 'unavailable' when the estimator failed (the server still checks). */
  estimate: { creditCost: number; available: number } | 'unavailable' | 'unknown';
}

export type PreSendCheck =
  | { kind: 'ok' }
  | { kind: 'message'; message: string }
  | { kind: 'upgrade'; requiresPlan: readonly AccessPlan[] }
  | { kind: 'insufficient-credits'; required: number; available: number }
  /** Read the plan (or the estimate), then check again. */
  | { kind: 'need-plan' }
  | { kind: 'need-estimate' };

const message = (text: string): PreSendCheck => ({ kind: 'message', message: text });

/**
 * The checks before a generate call, in the spec's order (document 2 §5): an image, the tool's
 * own rules, a signed-in user, an image that finished uploading, a plan that includes the tool,
 * and enough credits. The plan and the estimate are asked for only when the check reaches them,
 * so a form problem never costs a request.
 */
export function checkBeforeSend(facts: PreSendFacts): PreSendCheck {
  if (!facts.image) return message(facts.noImageMessage);
  if (facts.problem !== null) return message(facts.problem);
  if (facts.userId === null) return message(PRE_SEND_MESSAGES.noUser);
  if (facts.image.url === null) return message(PRE_SEND_MESSAGES.stillUploading);
  if (facts.requiresPlan.length > 0) {
    if (facts.plan === 'unknown') return { kind: 'need-plan' };
    if (facts.plan === 'error') return message(PRE_SEND_MESSAGES.planCheckFailed);
    if (!facts.requiresPlan.includes(facts.plan)) {
      return { kind: 'upgrade', requiresPlan: facts.requiresPlan };
    }
  }
  if (facts.estimate === 'unknown') return { kind: 'need-estimate' };
  if (facts.estimate !== 'unavailable' && facts.estimate.available < facts.estimate.creditCost) {
    return {
      kind: 'insufficient-credits',
      required: facts.estimate.creditCost,
      available: facts.estimate.available,
    };
  }
  return { kind: 'ok' };
}
