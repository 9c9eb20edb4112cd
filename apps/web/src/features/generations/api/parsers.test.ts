import { describe, expect, it } from 'vitest';
import { generationFixture } from '@/testing/generation-handlers';
import { parseEstimate } from './credit-estimate';
import { isFinished, parseGeneration, parseGenerationAccepted } from './generation';
import { parseAccess } from './modes';

describe('parseGenerationAccepted', () => {
  it('reads the 202 answer', () => {
    expect(
      parseGenerationAccepted({ success: true, generationId: 'g1', status: 'queued' }),
    ).toEqual({
      success: true,
      generationId: 'g1',
      status: 'queued',
    });
  });

  it.each([
    [{ success: true, generationId: '', status: 'queued' }],
    [{ success: true, generationId: 'g1', status: 'pending' }],
    [{ success: false, generationId: 'g1', status: 'queued' }],
  ])('rejects %j', (body) => {
    expect(() => parseGenerationAccepted(body)).toThrow();
  });
});

describe('parseGeneration', () => {
  it('reads a generation as the server sends it', () => {
    const generation = generationFixture({ status: 'running', progress: 40, queuePosition: null });
    expect(parseGeneration({ success: true, generation })).toEqual(generation);
  });

  it('clamps progress and drops a queue position below 1', () => {
    const parsed = parseGeneration({
      success: true,
      generation: { ...generationFixture(), progress: 140, queuePosition: 0 },
    });
    expect(parsed.progress).toBe(100);
    expect(parsed.queuePosition).toBeNull();
  });

  it('fills missing lists with empty ones', () => {
    const { imageUrls: _images, videoUrls: _videos, ...rest } = generationFixture();
    const parsed = parseGeneration({ success: true, generation: rest });
    expect(parsed.imageUrls).toEqual([]);
    expect(parsed.videoUrls).toEqual([]);
  });

  it('rejects an unknown status', () => {
    expect(() =>
      parseGeneration({ success: true, generation: { ...generationFixture(), status: 'done' } }),
    ).toThrow();
  });

  it('knows which statuses are final', () => {
    expect(
      ['queued', 'running', 'succeeded', 'failed', 'canceled'].map((s) => isFinished(s as never)),
    ).toEqual([false, false, true, true, true]);
  });
});

describe('parseEstimate', () => {
  it('reads cost, balance and affordability', () => {
    expect(
      parseEstimate({ success: true, creditCost: 4, available: 3, canAfford: false, message: 'x' }),
    ).toEqual({ success: true, creditCost: 4, available: 3, canAfford: false, message: 'x' });
  });

  it('works out affordability when the server leaves it out', () => {
    expect(parseEstimate({ success: true, creditCost: 2, available: 5 }).canAfford).toBe(true);
  });

  it('rejects an answer without a balance', () => {
    expect(() => parseEstimate({ success: true, creditCost: 2 })).toThrow();
  });
});

describe('parseAccess', () => {
  it('reads modes and tools, dropping unknown entries', () => {
    const access = parseAccess({
      success: true,
      plan: 'plus',
      modes: [
        { value: 'performance', label: 'Performance', disabled: false, requiresPlan: [] },
        { value: 'turbo', label: 'Turbo', disabled: false, requiresPlan: [] },
        { value: 'quality', label: 'Quality', disabled: true, requiresPlan: ['pro', 'enterprise'] },
      ],
      tools: [{ type: 'video-generation', allowed: false, requiresPlan: ['pro', 'enterprise'] }],
    });
    expect(access.modes.map((m) => m.value)).toEqual(['performance', 'quality']);
    expect(access.tools).toEqual([
      { type: 'video-generation', allowed: false, requiresPlan: ['pro', 'enterprise'] },
    ]);
  });

  it('rejects an unknown plan', () => {
    expect(() => parseAccess({ success: true, plan: 'gold', modes: [] })).toThrow();
  });
});
