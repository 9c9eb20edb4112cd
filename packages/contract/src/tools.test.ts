import { describe, expect, it } from 'vitest';
import {
  creditCost,
  ESTIMATE_FEATURES,
  GENERATION_TYPES,
  planAccess,
  planMayUseTool,
  TOOL_DEFINITIONS,
  TOOL_SCREENS,
  toolLabel,
  toolOfFeature,
  toolsOfScreen,
} from './tools';

describe('the tool list', () => {
  it('gives every tool its own generate path and estimator feature', () => {
    const paths = GENERATION_TYPES.map((type) => TOOL_DEFINITIONS[type].path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(ESTIMATE_FEATURES).size).toBe(GENERATION_TYPES.length);
  });

  it('maps each estimator feature back to its tool', () => {
    for (const type of GENERATION_TYPES) {
      expect(toolOfFeature(TOOL_DEFINITIONS[type].feature)).toBe(type);
    }
    expect(toolOfFeature('realistic-tryon')).toBe('realistic-try-on');
    expect(toolOfFeature('video')).toBe('video-generation');
  });

  it('puts the three canvas tools and the listing fix on the canvas editor and one tool on each other screen', () => {
    // A listing image, like a cut-out, opens in the canvas editor from the gallery (ADR 057).
    expect(toolsOfScreen('canvasEditor')).toEqual([
      'video-generation',
      'upscaler',
      'background-removal',
      'listing-prepare',
    ]);
    expect(toolsOfScreen('realisticPhotoshoot')).toEqual(['realistic-try-on']);
    for (const key of Object.keys(TOOL_SCREENS) as (keyof typeof TOOL_SCREENS)[]) {
      expect(toolsOfScreen(key).length).toBeGreaterThan(0);
    }
  });

  it('names unknown types by their raw name', () => {
    expect(toolLabel('realistic-try-on')).toBe('Advance Clothes AI Photoshoot');
    expect(toolLabel('hologram')).toBe('hologram');
  });
});

describe('price rules', () => {
  it('charges try-ons per image per chosen template, times the mode', () => {
    expect(creditCost('realistic-try-on', { templateCount: 3 })).toBe(6);
    expect(creditCost('realistic-try-on', { templateCount: 3, mode: 'quality' })).toBe(12);
    expect(creditCost('try-on', { templateCount: 2, numImages: 2, mode: 'balanced' })).toBe(6);
    // No template counted yet still prices one.
    expect(creditCost('realistic-try-on', {})).toBe(2);
  });

  it('charges the Kontext tools balanced as performance, since no model renders balanced (ADR 034)', () => {
    for (const type of ['ai-designer', 'ai-poses', 'fashion-extractor'] as const) {
      expect(creditCost(type, { numImages: 2, mode: 'performance' })).toBe(4);
      expect(creditCost(type, { numImages: 2, mode: 'balanced' })).toBe(4);
      expect(creditCost(type, { numImages: 2, mode: 'quality' })).toBe(8);
    }
    expect(creditCost('photoshoot', { numImages: 3, mode: 'balanced' })).toBe(3);
    expect(creditCost('photoshoot', { numImages: 3, mode: 'quality' })).toBe(6);
  });

  it('charges video per started 5 s and upscales by factor, ignoring the mode where fixed', () => {
    expect(creditCost('video-generation', { durationSeconds: 10, mode: 'quality' })).toBe(16);
    expect(creditCost('upscaler', { upscaleFactor: '4k', mode: 'quality' })).toBe(2);
    expect(creditCost('background-removal', { mode: 'quality' })).toBe(1);
  });
});

describe('plan rules', () => {
  it('limits video to Pro and Enterprise and the extractor to Plus and up', () => {
    expect(planMayUseTool('plus', 'video-generation')).toBe(false);
    expect(planMayUseTool('pro', 'video-generation')).toBe(true);
    expect(planMayUseTool('free', 'fashion-extractor')).toBe(false);
    expect(planMayUseTool('free', 'realistic-try-on')).toBe(true);
  });

  it('describes a plan’s modes and tools as GET /modes answers', () => {
    const access = planAccess('plus');
    expect(access.modes.map((m) => [m.value, m.disabled])).toEqual([
      ['performance', false],
      ['balanced', false],
      ['quality', true],
    ]);
    expect(access.tools.find((t) => t.type === 'video-generation')).toEqual({
      type: 'video-generation',
      allowed: false,
      requiresPlan: ['pro', 'enterprise'],
    });
    expect(access.tools.find((t) => t.type === 'upscaler')?.requiresPlan).toEqual([]);
  });
});
