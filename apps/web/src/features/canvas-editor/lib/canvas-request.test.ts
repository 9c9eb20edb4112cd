import { describe, expect, it } from 'vitest';
import { canvasEstimate, canvasRequest } from './canvas-request';
import { initialCanvasSettings } from './canvas-state';

const who = { userId: 'user_123', imageUrl: '/api/v1/media/upload_1' };

describe('canvasRequest', () => {
  it('sends a video with the default prompt, the mode resolution and no template', () => {
    expect(canvasRequest(initialCanvasSettings(), { ...who, mode: 'balanced' })).toEqual({
      path: '/video/generate',
      body: {
        userId: 'user_123',
        inputImageUrls: ['/api/v1/media/upload_1'],
        prompt: 'showing off clothes to camera in different poses',
        duration: 5,
        resolution: '480p',
        mode: 'balanced',
      },
    });
  });

  it("sends the template's id and duration", () => {
    const settings = { ...initialCanvasSettings(), template: { id: '3', duration: 10 as const } };
    expect(canvasRequest(settings, { ...who, mode: 'quality' }).body).toMatchObject({
      templateId: '3',
      duration: 10,
      resolution: '720p',
    });
  });

  it("sends the chosen template's video with its id (document 2 §3)", () => {
    const settings = { ...initialCanvasSettings(), template: { id: '3', duration: 10 as const } };
    expect(
      canvasRequest(settings, {
        ...who,
        mode: 'quality',
        templateVideoUrl: '/api/v1/media/template_video_3',
      }).body,
    ).toMatchObject({ templateId: '3', inputVideoUrl: '/api/v1/media/template_video_3' });
    expect(
      canvasRequest(initialCanvasSettings(), {
        ...who,
        mode: 'quality',
        templateVideoUrl: '/api/v1/media/template_video_3',
      }).body,
    ).not.toHaveProperty('inputVideoUrl');
  });

  it('sends the upscale factor and method', () => {
    const settings = {
      ...initialCanvasSettings({ tool: 'upscaler' }),
      upscaleFactor: '4k' as const,
    };
    expect(canvasRequest(settings, { ...who, mode: 'performance' })).toEqual({
      path: '/upscaler',
      body: {
        userId: 'user_123',
        imageUrl: '/api/v1/media/upload_1',
        upscaleFactor: '4k',
        method: 'High Fidelity V2',
      },
    });
  });

  it('sends only the image for background removal', () => {
    expect(
      canvasRequest(initialCanvasSettings({ tool: 'background-removal' }), {
        ...who,
        mode: 'quality',
      }),
    ).toEqual({
      path: '/background-removal',
      body: { userId: 'user_123', imageUrl: '/api/v1/media/upload_1' },
    });
  });
});

describe('canvasEstimate', () => {
  it('prices a video by mode and duration', () => {
    expect(canvasEstimate({ ...initialCanvasSettings(), duration: 10 }, 'quality')).toEqual({
      feature: 'video',
      payload: { mode: 'quality', duration: 10 },
    });
  });

  it('prices the upscaler by factor and background removal flat', () => {
    expect(canvasEstimate(initialCanvasSettings({ tool: 'upscaler' }), 'quality')).toEqual({
      feature: 'upscaler',
      payload: { upscaleFactor: '2x' },
    });
    expect(
      canvasEstimate(initialCanvasSettings({ tool: 'background-removal' }), 'quality'),
    ).toEqual({
      feature: 'background-removal',
      payload: {},
    });
  });
});
