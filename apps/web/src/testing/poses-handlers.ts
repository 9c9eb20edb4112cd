import type { Generation, PoseItem } from '@studio/contract';
import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  generationFixture,
  mediaUrl,
  toolHandlers,
  type ToolHandlerOptions,
} from './generation-handlers';
import { errorResponse } from './server';

/** The offline engine's label on pose previews, as the local provider words it. */
export const POSE_PREVIEW_NOTE =
  'A labelled preview, free: this studio cannot make real results for this tool yet.';

export function poseItem(overrides: Partial<PoseItem> & Pick<PoseItem, 'poseId'>): PoseItem {
  return {
    poseName: `Pose ${overrides.poseId}`,
    type: 'standing',
    gender: 'female',
    imageUrl: mediaUrl(`pose_${overrides.poseId}`),
    prompt: `pose ${overrides.poseId} prompt`,
    generationType: 'pose',
    liveStatus: true,
    timestamp: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The presets the fakes list: a female sitting one first (so the auto-selection has to look past
 * it), the female standing one, a leaning one, two male ones, and one not live.
 */
export const poseFixtures: PoseItem[] = [
  poseItem({ poseId: '1', poseName: 'Easy Seat', type: 'sitting' }),
  poseItem({ poseId: '2', poseName: 'Confident Stand', type: 'standing' }),
  poseItem({ poseId: '3', poseName: 'Wall Lean', type: 'leaning' }),
  poseItem({ poseId: '4', poseName: 'Straight Stand', type: 'standing', gender: 'male' }),
  poseItem({ poseId: '5', poseName: 'Bench Seat', type: 'sitting', gender: 'male' }),
  poseItem({ poseId: '6', poseName: 'Hidden Pose', liveStatus: false }),
];

/** `GET /poses` with `poses`; `requests` counts the calls. */
export function posesHandler(poses: PoseItem[] = poseFixtures, requests = { count: 0 }) {
  return http.get('/api/v1/poses', () => {
    requests.count += 1;
    return HttpResponse.json({ success: true, poses });
  });
}

export function posesFailureHandler(status = 500) {
  return http.get('/api/v1/poses', () => errorResponse(status, 'internal_error', 'Boom'));
}

/** An AI poses generation (the shared fixture is an upscale). */
export function poseGenerationFixture(overrides: Partial<Generation> = {}): Generation {
  return generationFixture({ type: 'ai-poses', prompt: '', ...overrides });
}

/** The AI poses screen's supporting calls: the presets, then the kit's `toolHandlers`. */
export function posesPageHandlers({
  poses = poseFixtures,
  ...options
}: ToolHandlerOptions & { poses?: PoseItem[] } = {}): RequestHandler[] {
  return [posesHandler(poses), ...toolHandlers('ai-poses', options)];
}
