import { describe, expect, it } from 'vitest';
import { generationFixture } from '@/testing/generation-handlers';
import { canvasFailureMessage, downloadName, missingOutputMessage } from './canvas-messages';

describe('downloadName', () => {
  it('names files as the spec does', () => {
    expect(downloadName('video', 'video-generation')).toBe('canvas-editor-video.mp4');
    expect(downloadName('image', 'upscaler')).toBe('upscaled-image.jpg');
    expect(downloadName('image', 'video-generation')).toBe('canvas-editor-result.jpg');
  });

  it('names a cut-out, a transparent PNG, as a PNG', () => {
    expect(downloadName('image', 'background-removal')).toBe('canvas-editor-result.png');
  });
});

describe('canvasFailureMessage', () => {
  it("wraps the server's reason", () => {
    expect(canvasFailureMessage('video-generation', 'The provider timed out')).toBe(
      'Generation failed: The provider timed out',
    );
    expect(canvasFailureMessage('background-removal', 'Bad image')).toBe(
      'Generation failed: Bad image',
    );
  });

  it('says the upscaling failed, with the reason', () => {
    expect(canvasFailureMessage('upscaler', 'Image too large')).toBe(
      'Generation failed: Upscaling failed: Image too large',
    );
  });

  it.each([
    ['video-generation', 'Generation failed: Video generation failed'],
    ['background-removal', 'Generation failed: Background removal failed'],
    ['upscaler', 'Generation failed: Upscaling failed'],
  ] as const)('falls back for %s when no reason is given', (tool, message) => {
    expect(canvasFailureMessage(tool, null)).toBe(message);
    expect(canvasFailureMessage(tool, '  ')).toBe(message);
  });
});

describe('missingOutputMessage', () => {
  const succeeded = generationFixture({ status: 'succeeded' });

  it('accepts outputs of the right kind', () => {
    expect(missingOutputMessage('upscaler', { ...succeeded, imageUrls: ['/m/1'] })).toBeNull();
    expect(
      missingOutputMessage('video-generation', { ...succeeded, videoUrls: ['/m/v'] }),
    ).toBeNull();
  });

  it('says no upscaled image came back', () => {
    expect(missingOutputMessage('upscaler', succeeded)).toBe(
      'Generation failed: No upscaled image URL returned',
    );
  });

  it('treats a video generation with only images as failed', () => {
    expect(missingOutputMessage('video-generation', { ...succeeded, imageUrls: ['/m/1'] })).toBe(
      'Generation failed: Video generation failed',
    );
  });
});
