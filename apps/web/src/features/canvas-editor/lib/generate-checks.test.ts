import { describe, expect, it } from 'vitest';
import { checkGenerate, type GenerateCheckInput } from './generate-checks';

const ready: GenerateCheckInput = {
  image: { url: '/api/v1/media/upload_1' },
  userId: 'user_123',
  tool: 'video-generation',
  plan: 'pro',
  estimate: { creditCost: 4, available: 10 },
};

describe('checkGenerate', () => {
  it('asks for an image before anything else', () => {
    expect(checkGenerate({ ...ready, image: null, userId: null, plan: 'free' })).toEqual({
      kind: 'message',
      message: 'Please upload an image first',
    });
  });

  it('asks to sign in before checking the upload', () => {
    expect(checkGenerate({ ...ready, userId: null, image: { url: null } })).toEqual({
      kind: 'message',
      message: 'Please log in to generate content',
    });
  });

  it('waits for the upload before checking the plan', () => {
    expect(checkGenerate({ ...ready, image: { url: null }, plan: 'free' })).toEqual({
      kind: 'message',
      message: 'Please wait for the image to finish uploading before generating',
    });
  });

  it('asks for the plan before the price for video', () => {
    expect(checkGenerate({ ...ready, plan: 'unknown', estimate: 'unknown' })).toEqual({
      kind: 'need-plan',
    });
  });

  it('reports a failed plan check', () => {
    expect(checkGenerate({ ...ready, plan: 'error' })).toEqual({
      kind: 'message',
      message: 'Unable to verify subscription status. Please try again.',
    });
  });

  it.each(['free', 'plus'] as const)(
    'sends a %s user to the upgrade modal for video, before the credit check',
    (plan) => {
      expect(checkGenerate({ ...ready, plan, estimate: { creditCost: 4, available: 0 } })).toEqual({
        kind: 'upgrade',
        requiresPlan: ['pro', 'enterprise'],
      });
    },
  );

  it.each(['pro', 'enterprise'] as const)('lets a %s user make videos', (plan) => {
    expect(checkGenerate({ ...ready, plan })).toEqual({ kind: 'ok' });
  });

  it('does not need the plan for the upscaler or background removal', () => {
    expect(checkGenerate({ ...ready, tool: 'upscaler', plan: 'unknown' })).toEqual({ kind: 'ok' });
    expect(checkGenerate({ ...ready, tool: 'background-removal', plan: 'free' })).toEqual({
      kind: 'ok',
    });
  });

  it('asks for the price last', () => {
    expect(checkGenerate({ ...ready, estimate: 'unknown' })).toEqual({ kind: 'need-estimate' });
  });

  it('opens the credits dialog when the balance is below the price', () => {
    expect(checkGenerate({ ...ready, estimate: { creditCost: 8, available: 3 } })).toEqual({
      kind: 'insufficient-credits',
      required: 8,
      available: 3,
    });
  });

  it('allows a balance equal to the price', () => {
    expect(checkGenerate({ ...ready, estimate: { creditCost: 4, available: 4 } })).toEqual({
      kind: 'ok',
    });
  });

  it('leaves the credit check to the server when the estimate is unavailable', () => {
    expect(checkGenerate({ ...ready, estimate: 'unavailable' })).toEqual({ kind: 'ok' });
  });
});
