import { describe, expect, it } from 'vitest';
import { readPhotoshootDraft } from './photoshoot-draft';
import {
  arrivalSettings,
  clampImages,
  downloadName,
  initialSettings,
  photoshootEstimate,
  photoshootRequest,
  sentPrompt,
} from './photoshoot-request';

describe('product photoshoot request', () => {
  it('keeps the number of images within 1 to 5, default 1', () => {
    expect(initialSettings().numImages).toBe(1);
    expect([0, 1, 3.7, 5, 6, -2, Number.NaN, '4'].map(clampImages)).toEqual([
      1, 1, 3, 5, 5, 1, 1, 1,
    ]);
  });

  it('sends ‘in a landscape’ for an empty or blank prompt, else the prompt', () => {
    expect(sentPrompt({ prompt: '' })).toBe('in a landscape');
    expect(sentPrompt({ prompt: '  \n ' })).toBe('in a landscape');
    expect(sentPrompt({ prompt: ' on sand ' })).toBe('on sand');
  });

  it('builds the call of document 2 §7 and its estimate', () => {
    const settings = { sceneStyle: 'luxury' as const, numImages: 3, prompt: '' };
    expect(
      photoshootRequest(settings, { userId: 'u1', imageUrl: '/api/v1/media/a', mode: 'quality' }),
    ).toEqual({
      path: '/photoshoot/generate',
      body: {
        sceneStyle: 'luxury',
        productImageIds: [],
        colorTheme: 'white',
        inputImageUrls: ['/api/v1/media/a'],
        prompt: 'in a landscape',
        numImages: 3,
        userId: 'u1',
        mode: 'quality',
        quality: 'high',
      },
    });
    expect(photoshootEstimate(settings, 'balanced')).toEqual({ mode: 'balanced', numImages: 3 });
    expect(downloadName(1)).toBe('product-photoshoot-2.jpg');
  });

  it('reads a hand-over: the scene from the style, the count, and the default prompt as empty', () => {
    expect(arrivalSettings({})).toEqual(initialSettings());
    expect(arrivalSettings({ style: 'outdoor', variations: 4, prompt: 'in a landscape' })).toEqual({
      sceneStyle: 'outdoor',
      numImages: 4,
      prompt: '',
    });
    expect(arrivalSettings({ style: 'template 3', variations: 12, prompt: 'on ice' })).toEqual({
      sceneStyle: 'studio',
      numImages: 5,
      prompt: 'on ice',
    });
  });

  it('reads a stored draft field by field', () => {
    const settings = { sceneStyle: 'minimal', numImages: 2, prompt: 'x' };
    expect(
      readPhotoshootDraft({ imageUrl: null, settings, mode: 'balanced', handedOver: null }),
    ).toEqual({ imageUrl: null, settings, mode: 'balanced', handedOver: null });
    expect(readPhotoshootDraft({ imageUrl: null, settings, mode: 'turbo' })).toBeNull();
    expect(
      readPhotoshootDraft({
        imageUrl: 'u',
        settings: { ...settings, sceneStyle: 'space' },
        mode: 'balanced',
      }),
    ).toBeNull();
  });
});
