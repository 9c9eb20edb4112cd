import { requiredPlansForTool, type AccessPlan } from '@studio/contract/tools';
import type { CanvasTool } from '@/features/generations/lib/navigation-state';
import { CANVAS_MESSAGES } from './canvas-messages';

/** Plans with video generation: Pro and Enterprise (document 2 §6). */
export const VIDEO_PLANS: readonly AccessPlan[] = requiredPlansForTool('video-generation');

export interface GenerateCheckInput {
  /** The input image; `url` is null while only its local preview exists. */
  image: { url: string | null } | null;
  userId: string | null;
  tool: CanvasTool;
  /** The plan, 'error' when the status check failed, 'unknown' while not yet read. */
  plan: AccessPlan | 'error' | 'unknown';
  /** The price and balance; 'unavailable' when the estimator failed (the server still checks). */
  estimate: { creditCost: number; available: number } | 'unavailable' | 'unknown';
}

export type GenerateCheck =
  | { kind: 'ok' }
  | { kind: 'message'; message: string }
  | { kind: 'upgrade'; requiresPlan: readonly AccessPlan[] }
  | { kind: 'insufficient-credits'; required: number; available: number }
  /** Read the plan (or the estimate), then check again. */
  | { kind: 'need-plan' }
  | { kind: 'need-estimate' };

const message = (text: string): GenerateCheck => ({ kind: 'message', message: text });

/**
 * The canvas editor's checks before anything is sent, in the spec's order (document 2 §5): an
 * image, a signed-in user, an image that finished uploading, a plan with video (for video), and
 * enough credits. The plan and estimate are asked for only when the check reaches them.
 */
export function checkGenerate(input: GenerateCheckInput): GenerateCheck {
  if (!input.image) return message(CANVAS_MESSAGES.noImage);
  if (input.userId === null) return message(CANVAS_MESSAGES.noUser);
  if (input.image.url === null) return message(CANVAS_MESSAGES.stillUploading);
  if (input.tool === 'video-generation') {
    if (input.plan === 'unknown') return { kind: 'need-plan' };
    if (input.plan === 'error') return message(CANVAS_MESSAGES.planCheckFailed);
    if (!VIDEO_PLANS.includes(input.plan)) return { kind: 'upgrade', requiresPlan: VIDEO_PLANS };
  }
  if (input.estimate === 'unknown') return { kind: 'need-estimate' };
  if (input.estimate !== 'unavailable' && input.estimate.available < input.estimate.creditCost) {
    return {
      kind: 'insufficient-credits',
      required: input.estimate.creditCost,
      available: input.estimate.available,
    };
  }
  return { kind: 'ok' };
}
