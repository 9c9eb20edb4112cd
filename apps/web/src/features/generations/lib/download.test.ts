import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { nameForContent, saveFile } from './download';

describe('nameForContent', () => {
  it("keeps the spec's name when the file is what the name says", () => {
    expect(nameForContent('canvas-editor-result.jpg', 'image/jpeg')).toBe(
      'canvas-editor-result.jpg',
    );
    expect(nameForContent('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(nameForContent('canvas-editor-video.mp4', 'video/mp4')).toBe('canvas-editor-video.mp4');
  });

  it('names a PNG or WebP by what it is', () => {
    expect(nameForContent('canvas-editor-result.jpg', 'image/png')).toBe(
      'canvas-editor-result.png',
    );
    expect(nameForContent('ai-pose-1.jpg', 'image/webp')).toBe('ai-pose-1.webp');
    expect(nameForContent('cut-out', 'IMAGE/PNG; charset=binary')).toBe('cut-out.png');
  });

  it('keeps the name when the type is unknown or missing', () => {
    expect(nameForContent('canvas-editor-result.jpg', '')).toBe('canvas-editor-result.jpg');
    expect(nameForContent('result.jpg', 'application/octet-stream')).toBe('result.jpg');
  });
});

describe('saveFile', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves a transparent PNG as .png even when asked for a .jpg name', async () => {
    server.use(
      http.get('/api/v1/media/cutout_1', () =>
        HttpResponse.arrayBuffer(new Uint8Array([137, 80, 78, 71]).buffer, {
          headers: { 'Content-Type': 'image/png' },
        }),
      ),
    );
    Object.defineProperty(URL, 'createObjectURL', {
      value: () => 'blob:saved',
      configurable: true,
      writable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', {
      value: () => undefined,
      configurable: true,
      writable: true,
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });

    await saveFile('/api/v1/media/cutout_1', 'canvas-editor-result.jpg');

    expect(saved).toEqual(['canvas-editor-result.png']);
  });
});
