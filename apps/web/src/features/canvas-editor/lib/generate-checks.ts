import { requiredPlansForTool, type AccessPlan } from '@studio/contract/tools';
import { checkBeforeSend, type PreSendCheck, type PreSendFacts } from '@/features/generations';
import type { CanvasTool } from '@/features/generations';
import { CANVAS_MESSAGES } from './canvas-messages';

/** Plans with video generation: Pro and Enterprise (document 2 §6), from the contract's tool list. */
export const VIDEO_PLANS: readonly AccessPlan[] = requiredPlansForTool('video-generation');

export type GenerateCheckInput = Pick<PreSendFacts, 'image' | 'userId' | 'plan' | 'estimate'> & {
  tool: CanvasTool;
};
export type GenerateCheck = PreSendCheck;

/**
 * The canvas editor's checks before anything is sent (document 2 §5): the kit's checks with the
 * editor's wording ('Please upload an image first') and the chosen tool's plan rule.
 */
export function checkGenerate(input: GenerateCheckInput): GenerateCheck {
  return checkBeforeSend({
    ...input,
    noImageMessage: CANVAS_MESSAGES.noImage,
    problem: null,
    requiresPlan: requiredPlansForTool(input.tool),
  });
}
