import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '@/features/auth';
import {
  deferred,
  generateFailureHandlers,
  generateHandlers,
  generateNetworkErrorHandlers,
  generationFixture,
  generationSequence,
  mediaUrl,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import { createTestQueryClient } from '@/testing/render';
import { server, testUser } from '@/testing/server';
import { TestProviders } from '@/testing/test-providers';
import { useGenerationRun, type GenerationRunOptions } from './use-generation-run';

const STORAGE_KEY = 'studio:active-generation:test-tool';

const baseOptions: GenerationRunOptions<string> = {
  describeFailure: (reason) => `Generation failed: ${reason ?? 'unknown'}`,
};

/** The hook for a signed-in user (the session is already known, as behind the route guard). */
function renderRun(options: GenerationRunOptions<string> = baseOptions) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, { user: testUser });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders path="/" queryClient={queryClient}>
      {children}
    </TestProviders>
  );
  return { ...renderHook(() => useGenerationRun(options), { wrapper }), queryClient };
}

const body = { userId: testUser.id, imageUrl: mediaUrl('upload_1'), upscaleFactor: '2x' };

describe('useGenerationRun idempotency', () => {
  it.each([
    [
      'a 503',
      (calls: RecordedGenerate[]) =>
        generateFailureHandlers(503, 'internal_error', 'Try again later.', undefined, calls),
    ],
    ['a network error', (calls: RecordedGenerate[]) => generateNetworkErrorHandlers(calls)],
  ])('retries the same request after %s with the same Idempotency-Key', async (_, failing) => {
    const calls: RecordedGenerate[] = [];
    server.use(...failing(calls), generationSequence([generationFixture()]));
    const { result } = renderRun();

    act(() => {
      result.current.start('/upscaler', body, 'upscaler');
    });
    await waitFor(() => {
      expect(result.current.phase).toBe('error');
    });
    server.use(...generateHandlers(calls));
    act(() => {
      // An equal body built anew, as the page builds it on every click.
      result.current.start('/upscaler', { ...body }, 'upscaler');
    });
    await waitFor(() => {
      expect(result.current.generation?.id).toBe('gen_1');
    });

    expect(calls).toHaveLength(2);
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
  });

  it('uses a new key when the retried request differs', async () => {
    const calls: RecordedGenerate[] = [];
    server.use(...generateFailureHandlers(503, 'internal_error', 'Down.', undefined, calls));
    const { result } = renderRun();

    act(() => {
      result.current.start('/upscaler', body, 'upscaler');
    });
    await waitFor(() => {
      expect(result.current.phase).toBe('error');
    });
    act(() => {
      result.current.start('/upscaler', { ...body, upscaleFactor: '4k' }, 'upscaler');
    });
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });

    expect(calls[1]?.idempotencyKey).not.toBe(calls[0]?.idempotencyKey);
  });

  it('uses a new key after a definite refusal', async () => {
    const calls: RecordedGenerate[] = [];
    server.use(
      ...generateFailureHandlers(400, 'validation_error', 'Bad factor.', undefined, calls),
    );
    const { result } = renderRun();

    act(() => {
      result.current.start('/upscaler', body, 'upscaler');
    });
    await waitFor(() => {
      expect(result.current.phase).toBe('error');
    });
    act(() => {
      result.current.start('/upscaler', body, 'upscaler');
    });
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });

    expect(calls[1]?.idempotencyKey).not.toBe(calls[0]?.idempotencyKey);
  });

  it('uses a new key for the next generation after one was accepted', async () => {
    const calls: RecordedGenerate[] = [];
    server.use(
      ...generateHandlers(calls),
      generationSequence([generationFixture({ status: 'succeeded', imageUrls: ['/m/1'] })]),
    );
    const { result } = renderRun();

    act(() => {
      result.current.start('/upscaler', body, 'upscaler');
    });
    await waitFor(() => {
      expect(result.current.phase).toBe('results');
    });
    act(() => {
      result.current.start('/upscaler', body, 'upscaler');
    });
    await waitFor(() => {
      expect(calls).toHaveLength(2);
    });

    expect(calls[1]?.idempotencyKey).not.toBe(calls[0]?.idempotencyKey);
  });
});

describe('useGenerationRun reset', () => {
  it('lets a new start through after a reset while a start was in flight, ignoring the late answer', async () => {
    const gate = deferred();
    const paths: string[] = [];
    server.use(
      http.post('/api/v1/upscaler', async () => {
        paths.push('/upscaler');
        await gate.promise;
        return HttpResponse.json(
          { success: true, generationId: 'gen_late', status: 'queued' },
          { status: 202 },
        );
      }),
      http.post('/api/v1/background-removal', () => {
        paths.push('/background-removal');
        return HttpResponse.json(
          { success: true, generationId: 'gen_1', status: 'queued' },
          { status: 202 },
        );
      }),
      generationSequence([generationFixture({ type: 'background-removal' })]),
    );
    const { result } = renderRun();

    act(() => {
      result.current.start('/upscaler', body, 'upscaler');
    });
    await waitFor(() => {
      expect(paths).toEqual(['/upscaler']);
    });
    expect(result.current.phase).toBe('generating');

    act(() => {
      result.current.reset();
    });
    expect(result.current.phase).toBe('idle');

    act(() => {
      result.current.start('/background-removal', body, 'background-removal');
    });
    await waitFor(() => {
      expect(result.current.generation?.id).toBe('gen_1');
    });
    expect(paths).toEqual(['/upscaler', '/background-removal']);

    gate.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.context).toBe('background-removal');
    expect(result.current.generation?.id).toBe('gen_1');
  });
});

describe('useGenerationRun persistence', () => {
  const persisted: GenerationRunOptions<string> = {
    ...baseOptions,
    persist: {
      key: 'test-tool',
      readContext: (value) => (typeof value === 'string' ? value : null),
    },
  };

  it('stores the accepted run, and forgets it on reset', async () => {
    server.use(...generateHandlers([]), generationSequence([generationFixture()]));
    const { result } = renderRun(persisted);

    act(() => {
      result.current.start('/upscaler', body, 'upscaler');
    });
    await waitFor(() => {
      expect(window.sessionStorage.getItem(STORAGE_KEY)).not.toBeNull();
    });
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({
      generationId: 'gen_1',
      userId: testUser.id,
      context: 'upscaler',
    });

    act(() => {
      result.current.reset();
    });
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('with keepOutcome, keeps a run that ended until the next start replaces it', async () => {
    server.use(
      ...generateHandlers([]),
      generationSequence([generationFixture({ status: 'succeeded', progress: 100 })]),
    );
    const kept: GenerationRunOptions<string> = {
      ...baseOptions,
      persist: {
        key: 'test-tool',
        readContext: (value) => (typeof value === 'string' ? value : null),
        keepOutcome: true,
      },
    };
    const { result } = renderRun(kept);

    act(() => {
      result.current.start('/upscaler', body, 'upscaler');
    });
    await waitFor(() => {
      expect(result.current.phase).toBe('results');
    });
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({
      generationId: 'gen_1',
    });

    server.use(...generateFailureHandlers(400, 'invalid_request', 'Bad image.'));
    act(() => {
      result.current.start('/upscaler', { ...body, upscaleFactor: '4x' }, 'upscaler');
    });
    await waitFor(() => {
      expect(result.current.phase).toBe('error');
    });
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("ignores another account's stored run", () => {
    window.sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        generationId: 'gen_1',
        userId: 'someone_else',
        context: 'upscaler',
        startedAt: Date.now(),
      }),
    );
    const { result } = renderRun(persisted);

    expect(result.current.phase).toBe('idle');
  });
});
