import { describe, expect, it } from 'vitest';
import type { Capability } from '../../platform/providers/types';
import {
  describeRequest,
  estimate,
  GENERATION_SETTINGS_MAX_BYTES,
  storableSettings,
} from './generations.service';

const ALL: Capability[] = [
  'try-on',
  'design',
  'pose',
  'photoshoot',
  'extract',
  'upscale',
  'remove-background',
  'video',
  'prompt',
];
const template = (id: number) => ({ templateId: String(id), templateUrl: `/t/${String(id)}` });

describe('the credit estimate', () => {
  it('matches the charge for a try-on with several templates in quality mode', () => {
    const body = {
      template: [1, 2, 3, 4].map(template),
      clothing: { imageUrl: ['/x'] },
      mode: 'quality',
    };
    const charged = describeRequest('realistic-try-on', body, ALL).cost;
    expect(charged).toBe(16);
    expect(estimate('realistic-try-on', body, ALL)).toBe(charged);
  });

  it('matches the charge for photoshoot image counts and video durations', () => {
    for (const numImages of [1, 2, 5]) {
      const body = { inputImageUrls: ['/x'], numImages, mode: 'balanced' };
      expect(estimate('photoshoot', body, ALL)).toBe(describeRequest('photoshoot', body, ALL).cost);
    }
    for (const duration of [5, 10]) {
      const body = { inputImageUrls: ['/x'], duration, mode: 'performance' };
      expect(estimate('video-generation', body, ALL)).toBe(
        describeRequest('video-generation', body, ALL).cost,
      );
    }
  });

  it('charges nothing for a tool the provider can only preview', () => {
    const body = {
      garment: { imageUrl: '/x' },
      model: { kind: 'template', ...template(1) },
    };
    expect(describeRequest('try-on', body, ['upscale']).cost).toBe(0);
    expect(estimate('try-on', body, ['upscale'])).toBe(0);
  });

  it('prices a try-on pair by its images and mode, and a catalogue as pairs × one pair', () => {
    const pair = {
      garment: { imageUrl: '/g' },
      model: { kind: 'photo', imageUrl: '/m' },
      numImages: 3,
      mode: 'balanced',
    };
    const one = describeRequest('try-on', pair, ALL).cost;
    expect(one).toBe(5); // ceil(1 × 3 × 1.5)
    expect(estimate('try-on', pair, ALL)).toBe(one);
    const catalogue = {
      numImages: 3,
      mode: 'balanced',
      garments: [{}, {}, {}],
      models: [{}, {}],
    };
    // Each pair is priced (and rounded) alone, so 6 pairs cost 6 × 5, not ceil(6 × 4.5).
    expect(estimate('try-on', catalogue, ALL)).toBe(6 * one);
  });
});

describe("a video's style in the gallery", () => {
  const video = (extra: Record<string, unknown>) =>
    describeRequest('video-generation', { inputImageUrls: ['/x'], ...extra }, ALL).styleName;

  it('names the template, the duration and the mode, for the canvas editor to set up again', () => {
    expect(video({ templateId: 4, duration: 10, mode: 'quality' })).toBe(
      'template 4 · 10 sec · quality',
    );
  });

  it('names the duration and the mode when no template was chosen', () => {
    expect(video({})).toBe('5 sec · performance');
  });
});

describe('stored settings', () => {
  it('keep the largest valid request: four templates, every text at its maximum, 3-byte characters', () => {
    const text = (length: number) => '界'.repeat(length);
    const body = {
      userId: text(100),
      clothing: { id: text(100), imageUrl: [text(2048)] },
      template: [1, 2, 3, 4].map(() => ({
        templateId: text(100),
        templateUrl: text(2048),
        prompt: text(2000),
      })),
      clothType: text(60),
      prompt: text(2000),
    };
    const { settings } = describeRequest('realistic-try-on', body, ALL);
    expect(Buffer.byteLength(JSON.stringify(settings))).toBeLessThan(GENERATION_SETTINGS_MAX_BYTES);
    expect(storableSettings(settings)).toEqual(settings);
  });

  it('refuse anything larger with 413 payload_too_large', () => {
    expect(() => storableSettings({ prompt: 'p'.repeat(GENERATION_SETTINGS_MAX_BYTES) })).toThrow(
      expect.objectContaining({ statusCode: 413, code: 'payload_too_large' }),
    );
  });
});
