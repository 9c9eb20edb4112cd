import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import {
  photoshootRequestSchema,
  realisticTryOnRequestSchema,
  tryOnRequestSchema,
  upscaleRequestSchema,
  videoRequestSchema,
} from '@studio/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeFal, modelError, NO_PERSON, requestError } from '../../../test/fake-fal-server';
import { DEFAULT_FAL_MODELS } from './fal-provider';
import { FAL_TEST_KEY as API_KEY, useFakeFal } from './fal-test-kit';
import { DEADLINE_MESSAGE, type ProviderContext, ProviderError } from './types';

const { provider, image, ...kit } = useFakeFal();
let fake: FakeFal;
beforeEach(() => {
  fake = kit.fake();
});

function context(overrides: Partial<ProviderContext> = {}) {
  const progress: { progress?: number; queuePosition?: number | null }[] = [];
  const handles: string[] = [];
  /** Submissions the fake had seen each time the provider announced a submit. */
  const submitting: number[] = [];
  const ctx: ProviderContext = {
    signal: new AbortController().signal,
    requestId: null,
    beforeSubmit: async () => {
      submitting.push(fake.submissions.length);
    },
    onSubmitted: async (handle) => {
      handles.push(handle);
    },
    onProgress: (update) => progress.push(update),
    ...overrides,
  };
  return { ctx, progress, handles, submitting };
}

const upscaleJob = () => ({
  type: 'upscaler' as const,
  image: image('photo'),
  settings: upscaleRequestSchema.parse({ imageUrl: '/api/v1/media/photo', upscaleFactor: '2x' }),
});
const videoJob = (duration: number) => ({
  type: 'video-generation' as const,
  image: image('still'),
  settings: videoRequestSchema.parse({
    inputImageUrls: ['/api/v1/media/still'],
    duration,
    mode: 'quality',
  }),
});
const calls = (kind: string) => fake.calls.filter((call) => call.kind === kind);

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ProviderError))
    throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('fal provider', () => {
  it('reports the queue positions of a submitted upscale, then completes with the fake’s image URL', async () => {
    fake.setDefaultScript({ queueSteps: 3, progressSteps: 2 });
    const { ctx, progress, handles } = context();

    const result = await provider().run(upscaleJob(), ctx);

    expect(result.outputs).toEqual([{ kind: 'image', url: fake.fileUrl('output.png') }]);
    expect(fake.submissions).toHaveLength(1);
    expect(fake.submissions[0]?.modelId).toBe(DEFAULT_FAL_MODELS.upscaler);
    expect(fake.submissions[0]?.input).toMatchObject({
      image_url: 'https://media.example.test/photo.png',
      upscale_factor: 2,
    });
    expect(handles).toEqual([
      `${DEFAULT_FAL_MODELS.upscaler}:${fake.submissions[0]?.requestId ?? ''}`,
    ]);
    // fal counts from 0 (next in line); we report 1 for next.
    expect(progress.slice(0, 3)).toEqual([
      { queuePosition: 3 },
      { queuePosition: 2 },
      { queuePosition: 1 },
    ]);
    const running = progress.slice(3);
    expect(running.length).toBeGreaterThan(0);
    for (const update of running) {
      expect(update.queuePosition).toBeNull();
      expect(update.progress).toBeGreaterThan(0);
      expect(update.progress).toBeLessThanOrEqual(95);
    }
    expect(calls('status')).toHaveLength(6);
    expect(calls('result')).toHaveLength(1);
    expect(new Set(fake.authorizations)).toEqual(new Set([`Key ${API_KEY}`]));
  });

  it('announces a submission before making it', async () => {
    const { ctx, submitting } = context();
    const before = fake.submissions.length;
    await provider().run(upscaleJob(), ctx);
    expect(submitting).toEqual([before]);
    expect(fake.submissions).toHaveLength(before + 1);
  });

  it('awaits onSubmitted before the first status poll', async () => {
    let pollsWhenStored = -1;
    const { ctx } = context({
      onSubmitted: async () => {
        await delay(50);
        pollsWhenStored = calls('status').length;
      },
    });

    await provider().run(upscaleJob(), ctx);

    expect(pollsWhenStored).toBe(0);
    expect(calls('status').length).toBeGreaterThan(0);
  });

  it('polls a stored request id and submits nothing', async () => {
    fake.setDefaultScript({ queueSteps: 1, progressSteps: 2 });
    // First attempt: the process "dies" right after the id was stored.
    const controller = new AbortController();
    let stored = '';
    const first = context({
      signal: controller.signal,
      onSubmitted: async (handle) => {
        stored = handle;
        controller.abort();
      },
    });
    await expect(provider().run(upscaleJob(), first.ctx)).rejects.toThrow();
    expect(calls('status')).toHaveLength(0);

    const second = context({ requestId: stored });
    const result = await provider().run(upscaleJob(), second.ctx);

    expect(result.outputs).toEqual([{ kind: 'image', url: fake.fileUrl('output.png') }]);
    expect(fake.submissions).toHaveLength(1);
    expect(second.handles).toEqual([]);
    expect(calls('status').map((call) => call.requestId)).toEqual(
      Array<string>(4).fill(fake.submissions[0]?.requestId ?? 'missing'),
    );
  });

  it('also resumes a bare fal request id, on the tool’s model', async () => {
    await provider().run(upscaleJob(), context().ctx);
    const requestId = fake.submissions[0]?.requestId ?? '';

    const result = await provider().run(upscaleJob(), context({ requestId }).ctx);

    expect(result.outputs).toHaveLength(1);
    expect(fake.submissions).toHaveLength(1);
  });

  it('returns a video output, polling the model’s first two path segments', async () => {
    fake.setModelScript(DEFAULT_FAL_MODELS['video-generation'], {
      queueSteps: 1,
      progressSteps: 1,
    });

    const result = await provider().run(videoJob(10), context().ctx);

    expect(result.outputs).toEqual([{ kind: 'video', url: fake.fileUrl('output.mp4') }]);
    expect(fake.submissions[0]?.modelId).toBe('fal-ai/bytedance/seedance/v1/pro/image-to-video');
    expect(fake.submissions[0]?.input).toMatchObject({
      duration: '10',
      image_url: 'https://media.example.test/still.png',
    });
    expect(new Set(fake.calls.filter((c) => c.kind !== 'submit').map((c) => c.appId))).toEqual(
      new Set(['fal-ai/bytedance']),
    );
    const file = await fetch(fake.fileUrl('output.mp4'));
    expect(file.headers.get('content-type')).toBe('video/mp4');
  });

  it('fails permanently with the detail message when a COMPLETED run’s result answers 422', async () => {
    fake.setDefaultScript({ progressSteps: 1, outcome: '422' });

    const error = await rejection(provider().run(upscaleJob(), context().ctx));

    expect(error.transient).toBe(false);
    expect(error.message).toBe(`The provider rejected the input: ${NO_PERSON}`);
    expect(calls('status').at(-1)?.httpStatus).toBe(200);
  });

  it('fails permanently when a COMPLETED run’s result answers 500', async () => {
    fake.setDefaultScript({ outcome: '500' });

    const error = await rejection(provider().run(upscaleJob(), context().ctx));

    expect(error.transient).toBe(false);
    expect(error.message).toBe('The provider failed to produce a result');
  });

  it('submits with a start timeout of the seconds left before the deadline, none without one', async () => {
    const deadlineAt = Date.now() + 90_000;

    await provider().run(upscaleJob(), context({ deadlineAt }).ctx);
    await provider().run(upscaleJob(), context().ctx);

    const [timed, untimed] = fake.submissions.map((s) => s.startTimeout);
    expect(timed).toBeGreaterThanOrEqual(80);
    expect(timed).toBeLessThanOrEqual(90);
    expect(untimed).toBeNull();
  });

  it('submits nothing when the deadline leaves no time to start the work', async () => {
    const error = await rejection(
      provider().run(upscaleJob(), context({ deadlineAt: Date.now() + 500 }).ctx),
    );

    expect(error.transient).toBe(false);
    expect(error.message).toBe(DEADLINE_MESSAGE);
    expect(fake.submissions).toEqual([]);
  });

  it('fails permanently when the result has expired', async () => {
    fake.setDefaultScript({ outcome: 'expired' });

    const error = await rejection(provider().run(upscaleJob(), context().ctx));

    expect(error.transient).toBe(false);
    expect(error.message).toBe('The provider result expired');
  });

  describe('fal’s typed failures', () => {
    it('fails at once when the result answers 504 with X-Fal-Error-Type request_timeout', async () => {
      fake.setDefaultScript({ outcome: requestError(504, 'request_timeout', { inBody: false }) });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(false);
      expect(error.message).toBe('The provider timed out before the result was ready');
      expect(calls('result')).toHaveLength(1);
    });

    it('reads the error type from the body’s error_type when the header is missing', async () => {
      fake.setDefaultScript({
        outcome: requestError(503, 'runner_disconnected', { inHeader: false }),
      });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(false);
      expect(error.message).toBe('The provider failed while generating');
    });

    it.each([
      ['X-Fal-Retryable: true', { 'x-fal-retryable': 'true' }],
      ['X-Fal-Needs-Retry: 1', { 'x-fal-needs-retry': '1' }],
    ])(
      'resubmits once as a new request when a result says %s, and never reads the old one again',
      async (_, headers) => {
        fake.setDefaultScript({
          outcome: { status: 503, headers, body: { detail: 'Runner failed' } },
        });
        // Work submitted from now on (the resubmission) succeeds.
        const { ctx, handles } = context({
          onSubmitted: async (handle) => {
            handles.push(handle);
            fake.setDefaultScript({ outcome: 'ok' });
          },
        });

        const result = await provider().run(upscaleJob(), ctx);

        expect(result.outputs).toEqual([{ kind: 'image', url: fake.fileUrl('output.png') }]);
        const [first, second] = fake.submissions;
        expect(fake.submissions).toHaveLength(2);
        expect(second?.input).toEqual(first?.input);
        expect(calls('result').map((call) => call.requestId)).toEqual([
          first?.requestId,
          second?.requestId,
        ]);
        // The stored handle names the new request, marked as a resubmission.
        expect(handles.at(-1)).toBe(`${DEFAULT_FAL_MODELS.upscaler}:+${second?.requestId ?? ''}`);
      },
    );

    it('makes a resubmitted request’s retryable failure final: two submissions, each result read once', async () => {
      fake.setDefaultScript({
        outcome: requestError(503, 'runner_scheduling_failure', { retryable: true }),
      });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(false);
      expect(error.message).toBe('The provider failed while generating');
      expect(fake.submissions).toHaveLength(2);
      expect(calls('result')).toHaveLength(2);
    });

    it('does not resubmit a request the handle marks as already resubmitted (a resumed job)', async () => {
      fake.setDefaultScript({
        outcome: requestError(503, 'runner_scheduling_failure', { retryable: true }),
      });
      const first = context();
      await rejection(provider().run(upscaleJob(), first.ctx));
      const before = fake.submissions.length;

      const error = await rejection(
        provider().run(upscaleJob(), context({ requestId: first.handles.at(-1) ?? null }).ctx),
      );

      expect(error.transient).toBe(false);
      expect(fake.submissions).toHaveLength(before);
    });

    it('keeps a typed status failure transient when fal says X-Fal-Retryable: true', async () => {
      fake.setDefaultScript({ progressSteps: 2 });
      fake.failNext('status', 503, 5, {
        headers: { 'x-fal-retryable': 'true', 'x-fal-error-type': 'runner_scheduling_failure' },
        body: { detail: 'busy', error_type: 'runner_scheduling_failure' },
      });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(true);
      expect(error.message).toBe('The provider is temporarily unavailable');
    });

    it('makes a typed failure final when fal says X-Fal-Retryable: false', async () => {
      fake.setDefaultScript({
        outcome: requestError(504, 'startup_timeout', { retryable: false }),
      });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(false);
      expect(error.message).toBe('The provider timed out before the result was ready');
    });

    it('keeps an untyped 504 on the result transient (a gateway hiccup, the result can be read again)', async () => {
      fake.setDefaultScript({ outcome: { status: 504, body: { detail: 'Gateway timeout' } } });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(true);
      expect(error.message).toBe('The provider is temporarily unavailable');
    });

    it('calls an unknown error type a final failure with an honest generic reason', async () => {
      fake.setDefaultScript({ outcome: requestError(503, 'something_new') });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(false);
      expect(error.message).toBe('The provider could not finish this generation');
    });

    it.each([
      ['content_policy_violation', 422, "The image was refused by the provider's content policy"],
      ['face_detection_error', 422, 'No person was found in the photo'],
      ['PoseError', 422, 'No person was found in the photo'],
      ['image_too_small', 422, 'The photo is too small for this tool'],
      ['image_too_large', 422, 'The photo is too large for this tool'],
      ['file_download_error', 422, 'The provider could not download the photo'],
      ['generation_timeout', 504, 'The provider timed out before the result was ready'],
    ])('maps the model error %s to a reason the user can act on', async (type, status, message) => {
      fake.setDefaultScript({ outcome: modelError(status, type, 'raw model text') });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(false);
      expect(error.message).toBe(message);
    });

    it('keeps the model’s own message for a validation type it has no mapping for', async () => {
      fake.setDefaultScript({ outcome: modelError(422, 'less_than_equal', 'Too many images') });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.message).toBe('The provider rejected the input: Too many images');
    });

    it('fails a status poll with an error type at once instead of riding it out', async () => {
      fake.setDefaultScript({ progressSteps: 2 });
      const timeout = requestError(504, 'request_timeout');
      fake.failNext('status', 504, 5, timeout);

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(false);
      expect(error.message).toBe('The provider timed out before the result was ready');
      expect(calls('status')).toHaveLength(1);
    });

    it('refuses a typed submit as final, with nothing submitted', async () => {
      const refused = modelError(422, 'content_policy_violation', 'flagged');
      fake.failNext('submit', 422, 1, refused);
      const { ctx, handles } = context();

      const error = await rejection(provider().run(upscaleJob(), ctx));

      expect(error.transient).toBe(false);
      expect(error.nothingSubmitted).toBe(true);
      expect(error.message).toBe("The image was refused by the provider's content policy");
      expect(handles).toEqual([]);
    });

    it('keeps a 503 on submit without an error type transient', async () => {
      fake.failNext('submit', 503, 1, { body: { detail: 'Service Unavailable' } });

      const error = await rejection(provider().run(upscaleJob(), context().ctx));

      expect(error.transient).toBe(true);
    });
  });

  it('rides out a single 503 on status and completes', async () => {
    fake.setDefaultScript({ progressSteps: 2 });
    fake.failNext('status', 503);

    const result = await provider().run(upscaleJob(), context().ctx);

    expect(result.outputs).toHaveLength(1);
    expect(calls('status').map((call) => call.httpStatus)).toEqual([503, 202, 202, 200]);
  });

  it('hands a transient error to the runner when status keeps failing', async () => {
    fake.setDefaultScript({ progressSteps: 2 });
    fake.failNext('status', 503, 10);

    const error = await rejection(provider().run(upscaleJob(), context().ctx));

    expect(error.transient).toBe(true);
    expect(error.message).toBe('The provider is temporarily unavailable');
    expect(calls('status')).toHaveLength(4);
    expect(calls('result')).toHaveLength(0);
  });

  it('makes a 503 or 429 on submit transient and never calls onSubmitted', async () => {
    fake.failNext('submit', 503);
    fake.failNext('submit', 429);
    const { ctx, handles } = context();

    const unavailable = await rejection(provider().run(upscaleJob(), ctx));
    const busy = await rejection(provider().run(upscaleJob(), ctx));

    expect([unavailable.transient, busy.transient]).toEqual([true, true]);
    expect(fake.submissions).toHaveLength(0);
    expect(handles).toEqual([]);
  });

  it('fails permanently when fal rejects the key', async () => {
    const error = await rejection(provider({ apiKey: 'wrong' }).run(upscaleJob(), context().ctx));

    expect(error.transient).toBe(false);
    expect(error.message).toBe('The provider rejected our credentials');
    expect(fake.authorizations).toEqual(['Key wrong']);
  });

  it('makes an unreachable provider a transient error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const error = await rejection(
      provider({ baseUrl: `http://127.0.0.1:${port}` }).run(upscaleJob(), context().ctx),
    );

    expect(error.transient).toBe(true);
    expect(error.message).toBe('Could not reach the provider');
  });

  it('stops polling when the signal aborts', async () => {
    fake.setDefaultScript({ progressSteps: 10_000 });
    const controller = new AbortController();
    const run = provider().run(upscaleJob(), context({ signal: controller.signal }).ctx);
    while (calls('status').length < 3) await delay(5);
    controller.abort(new Error('shutting down'));

    await expect(run).rejects.toThrow('shutting down');
    const polls = calls('status').length;
    await delay(100);

    expect(calls('status')).toHaveLength(polls);
    expect(calls('result')).toHaveLength(0);
  });

  it('cancels through fal’s cancel endpoint, after which the run ends as cancelled', async () => {
    fake.setDefaultScript({ queueSteps: 1000 });
    const fal = provider();
    let cancelled: Promise<void> | undefined;
    const { ctx } = context({
      onSubmitted: async (handle) => {
        cancelled = fal.cancel?.(handle);
        await cancelled;
      },
    });

    const error = await rejection(fal.run(upscaleJob(), ctx));

    expect(cancelled).toBeDefined();
    expect(calls('cancel')).toEqual([
      {
        kind: 'cancel',
        appId: 'fal-ai/topaz',
        requestId: fake.submissions[0]?.requestId,
        httpStatus: 202,
      },
    ]);
    expect(error.transient).toBe(false);
    expect(error.message).toBe('The generation was cancelled at the provider');
  });

  it('takes a cancel as a signal only: a running request fal still completes returns its result', async () => {
    fake.setDefaultScript({ progressSteps: 5, ignoresCancel: true });
    const fal = provider();
    const { ctx } = context({
      onSubmitted: async (handle) => {
        await fal.cancel?.(handle);
      },
    });

    const result = await fal.run(upscaleJob(), ctx);

    expect(calls('cancel').map((call) => call.httpStatus)).toEqual([202]);
    expect(result.outputs).toEqual([{ kind: 'image', url: fake.fileUrl('output.png') }]);
    expect(calls('result').map((call) => call.httpStatus)).toEqual([200]);
  });

  it('treats cancelling a finished request as done', async () => {
    const { ctx, handles } = context();
    await provider().run(upscaleJob(), ctx);

    await provider().cancel?.(handles[0] ?? '');

    expect(calls('cancel').map((call) => call.httpStatus)).toEqual([400]);
  });

  it('maps a try-on pair to one FASHN v1.6 request with its settings, one image per sample', async () => {
    const settings = tryOnRequestSchema.parse({
      garment: { imageUrl: '/api/v1/media/dress' },
      model: { kind: 'photo', imageUrl: '/api/v1/media/me' },
      category: 'one-pieces',
      garmentPhotoType: 'flat-lay',
      numImages: 3,
      mode: 'balanced',
    });
    const { ctx, handles } = context();

    const result = await provider().run(
      { type: 'try-on', garment: image('dress'), model: image('me'), settings },
      ctx,
    );

    expect(result.outputs).toHaveLength(3);
    expect(fake.submissions.map((s) => [s.modelId, s.input])).toEqual([
      [
        'fal-ai/fashn/tryon/v1.6',
        {
          model_image: 'https://media.example.test/me.png',
          garment_image: 'https://media.example.test/dress.png',
          category: 'one-pieces',
          mode: 'balanced',
          garment_photo_type: 'flat-lay',
          num_samples: 3,
          moderation_level: 'permissive',
          output_format: 'jpeg',
        },
      ],
    ]);
    expect(handles).toEqual([
      `${DEFAULT_FAL_MODELS['try-on']}:${fake.submissions[0]?.requestId ?? ''}`,
    ]);
  });

  it('submits one realistic try-on request per template and stores all their ids', async () => {
    const settings = realisticTryOnRequestSchema.parse({
      template: [
        { templateId: 't1', templateUrl: '/api/v1/media/t1' },
        { templateId: 't2', templateUrl: '/api/v1/media/t2' },
      ],
      clothing: { imageUrl: ['/api/v1/media/dress'] },
    });
    const { ctx, handles } = context();

    const result = await provider().run(
      {
        type: 'realistic-try-on',
        garment: image('dress'),
        templates: [
          { id: 't1', image: image('t1'), prompt: '' },
          { id: 't2', image: image('t2'), prompt: '' },
        ],
        settings,
      },
      ctx,
    );

    expect(result.outputs).toHaveLength(2);
    expect(fake.submissions.map((s) => s.input)).toMatchObject([
      {
        image_urls: ['https://media.example.test/t1.png', 'https://media.example.test/dress.png'],
        num_images: 1,
      },
      {
        image_urls: ['https://media.example.test/t2.png', 'https://media.example.test/dress.png'],
        num_images: 1,
      },
    ]);
    expect(handles).toEqual([
      `${DEFAULT_FAL_MODELS['realistic-try-on']}:${fake.submissions.map((s) => s.requestId).join(',')}`,
    ]);
  });

  it('splits a photoshoot of five images over requests of at most four', async () => {
    const settings = photoshootRequestSchema.parse({
      inputImageUrls: ['/api/v1/media/bag'],
      numImages: 5,
    });

    const result = await provider().run(
      { type: 'photoshoot', product: image('bag'), settings },
      context().ctx,
    );

    expect(result.outputs).toHaveLength(5);
    expect(fake.submissions.map((s) => s.input)).toMatchObject([
      { num_images: 4 },
      { num_images: 1 },
    ]);
  });

  it('reports the compute time fal gives with COMPLETED, summed over the job’s requests', async () => {
    fake.setDefaultScript({ inferenceSeconds: 1.5 });
    const settings = photoshootRequestSchema.parse({
      inputImageUrls: ['/api/v1/media/bag'],
      numImages: 5,
    });
    const job = { type: 'photoshoot' as const, product: image('bag'), settings };

    const reported = await provider().run(job, context().ctx);
    fake.setDefaultScript({ inferenceSeconds: null });
    const unreported = await provider().run(job, context().ctx);

    expect(fake.submissions).toHaveLength(4);
    expect(reported.inferenceMs).toBe(3000);
    expect(unreported.inferenceMs).toBeUndefined();
  });

  it('writes a video prompt with the vision model', async () => {
    const result = await provider().prompt(image('still'), new AbortController().signal);

    expect(result).toEqual({
      prompt: 'The model turns slowly towards the camera as the dress sways.',
      preview: false,
    });
    expect(fake.submissions[0]?.modelId).toBe('openrouter/router/vision');
    expect(fake.submissions[0]?.input).toMatchObject({
      image_urls: ['https://media.example.test/still.png'],
    });
  });

  it('claims every capability', () => {
    expect(provider().capabilities()).toHaveLength(10);
  });
});
