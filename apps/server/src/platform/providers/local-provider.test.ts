import { videoRequestSchema } from '@studio/contract';
import { describe, expect, it, vi } from 'vitest';
import type * as engine from '../engine';
import { renderMotionVideo } from '../engine';
import { createLocalProvider } from './local-provider';
import type { GenerationJob, ProviderContext } from './types';

// The engine's render is slow and tested in its own tier (video.engine.test.ts); here only what
// the provider asks of it matters.
vi.mock('../engine', async (importOriginal) => {
  const actual = await importOriginal<typeof engine>();
  return {
    ...actual,
    renderMotionVideo: vi.fn((_still: Buffer, options: { onProgress?: (f: number) => void }) => {
      options.onProgress?.(0.5);
      return Promise.resolve({
        data: Buffer.from('mp4'),
        contentType: 'video/mp4' as const,
        width: 480,
        height: 854,
        durationSeconds: 10,
      });
    }),
  };
});

const still = Buffer.from('still');

/** A video job; its resolution follows the mode (performance 360p, balanced 480p). */
function job(request: Record<string, unknown>): GenerationJob<'video-generation'> {
  return {
    type: 'video-generation',
    image: { url: '/api/v1/media/x', publicUrl: 'http://x', load: () => Promise.resolve(still) },
    settings: videoRequestSchema.parse({ inputImageUrls: ['/api/v1/media/x'], ...request }),
  };
}

function context(progress: number[]): ProviderContext {
  return {
    signal: new AbortController().signal,
    requestId: null,
    beforeSubmit: () => Promise.resolve(),
    onSubmitted: () => Promise.resolve(),
    onProgress: ({ progress: p }) => {
      if (p !== undefined) progress.push(p);
    },
  };
}

describe('local provider video', () => {
  it("renders the template's motion at the request's duration and the mode's resolution", async () => {
    const progress: number[] = [];
    const result = await createLocalProvider().run(
      job({ templateId: '4', duration: 10, mode: 'balanced' }),
      context(progress),
    );
    expect(renderMotionVideo).toHaveBeenLastCalledWith(
      still,
      expect.objectContaining({ motion: 'reveal', durationSeconds: 10, resolution: '480p' }),
    );
    expect(result.outputs).toEqual([
      { kind: 'video', data: Buffer.from('mp4'), contentType: 'video/mp4' },
    ]);
    expect(progress).toEqual([50]);
    // Still labelled as the offline engine's work.
    expect(result.previewNote).toMatch(/^Made by the offline engine/);
  });

  it('gives each catalog template its own motion and a request without one the default', async () => {
    const motions: unknown[] = [];
    for (const templateId of ['1', '2', '3', undefined]) {
      await createLocalProvider().run(job(templateId ? { templateId } : {}), context([]));
      motions.push(vi.mocked(renderMotionVideo).mock.lastCall?.[1].motion);
    }
    expect(motions).toEqual(['push-in', 'parallax-pan', 'sway-turn', 'push-in']);
    expect(vi.mocked(renderMotionVideo).mock.lastCall?.[1]).toMatchObject({
      durationSeconds: 5,
      resolution: '360p',
    });
  });
});
