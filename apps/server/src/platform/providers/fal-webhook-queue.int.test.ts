import { upscaleRequestSchema } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import type { FalWebhookDelivery, FalWebhookInbox } from './fal/webhook-inbox';
import { useFakeFal } from './fal-test-kit';
import type { ProviderContext } from './types';

/*
 * The fal queue client with webhooks on (ADR 035), against the fake fal server and an in-memory
 * inbox: the submission names the webhook URL, a delivery ends the wait, polling is the fallback.
 */

const { provider, image, fake } = useFakeFal();
const WEBHOOK_URL = 'https://studio.example.com/api/v1/webhooks/fal';
const FALLBACK_POLL_MS = 60_000;

function memoryInbox() {
  const deliveries = new Map<string, FalWebhookDelivery>();
  const waiters = new Set<() => void>();
  const inbox: FalWebhookInbox = {
    find: async (ids) =>
      new Map(
        ids.flatMap((id) => {
          const delivery = deliveries.get(id);
          return delivery ? [[id, delivery] as const] : [];
        }),
      ),
    wait: (_ids, ms, signal) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
        signal.addEventListener('abort', done, { once: true });
      }),
  };
  return {
    inbox,
    deliver: (id: string, delivery: FalWebhookDelivery) => {
      deliveries.set(id, delivery);
      for (const wake of [...waiters]) wake();
    },
  };
}

const upscaleJob = () => ({
  type: 'upscaler' as const,
  image: image('photo'),
  settings: upscaleRequestSchema.parse({ imageUrl: '/api/v1/media/photo', upscaleFactor: '2x' }),
});

function context(onSubmitted: (handle: string) => Promise<void>): ProviderContext {
  return {
    signal: new AbortController().signal,
    requestId: null,
    beforeSubmit: async () => undefined,
    onSubmitted,
    onProgress: () => undefined,
  };
}

const requestIdOf = (handle: string) => handle.slice(handle.lastIndexOf(':') + 1);
const output = () => ({ image: { url: fake().fileUrl('output.png'), content_type: 'image/png' } });

describe('the fal queue client with webhooks on', () => {
  it('takes a result fal delivered before its request id was even stored', async () => {
    fake().setDefaultScript({ progressSteps: 1_000_000 });
    const { inbox, deliver } = memoryInbox();
    const fal = provider({
      pollIntervalMs: FALLBACK_POLL_MS,
      webhook: { url: WEBHOOK_URL, inbox },
    });
    const started = Date.now();

    const result = await fal.run(
      upscaleJob(),
      context(async (handle) => {
        // fal called back while we were still recording the id.
        deliver(requestIdOf(handle), { ok: true, payload: output() });
      }),
    );

    expect(result.outputs).toEqual([{ kind: 'image', url: fake().fileUrl('output.png') }]);
    expect(Date.now() - started).toBeLessThan(FALLBACK_POLL_MS);
    expect(fake().submissions[0]?.webhookUrl).toBe(WEBHOOK_URL);
    expect(fake().calls.filter((c) => c.kind === 'result')).toEqual([]);
  });

  it('reads the compute time fal reports once the webhook came', async () => {
    const { inbox, deliver } = memoryInbox();
    fake().setDefaultScript({ progressSteps: 1_000_000, inferenceSeconds: 1.5 });
    const fal = provider({
      pollIntervalMs: FALLBACK_POLL_MS,
      webhook: { url: WEBHOOK_URL, inbox },
    });
    const run = fal.run(
      upscaleJob(),
      context(async (handle) => {
        const id = requestIdOf(handle);
        setTimeout(() => {
          fake().setRequestScript(id, { progressSteps: 0 });
          deliver(id, { ok: true, payload: output() });
        }, 50);
      }),
    );
    expect((await run).inferenceMs).toBe(1500);
  });

  it('reads the result from fal when the webhook carried none (a payload_error)', async () => {
    const { inbox, deliver } = memoryInbox();
    fake().setDefaultScript({ progressSteps: 1_000_000 });
    const fal = provider({
      pollIntervalMs: FALLBACK_POLL_MS,
      webhook: { url: WEBHOOK_URL, inbox },
    });
    const result = await fal.run(
      upscaleJob(),
      context(async (handle) => {
        const id = requestIdOf(handle);
        fake().setRequestScript(id, { progressSteps: 0 });
        deliver(id, { ok: true, payload: null });
      }),
    );
    expect(result.outputs).toHaveLength(1);
    expect(fake().calls.filter((c) => c.kind === 'result')).toHaveLength(1);
  });

  it('still finishes by polling when no webhook comes', async () => {
    const { inbox } = memoryInbox();
    fake().setDefaultScript({ progressSteps: 2 });
    const fal = provider({ pollIntervalMs: 20, webhook: { url: WEBHOOK_URL, inbox } });
    const result = await fal.run(
      upscaleJob(),
      context(async () => undefined),
    );
    expect(result.outputs).toHaveLength(1);
  });

  it('sends no webhook URL when webhooks are off', async () => {
    await provider().run(
      upscaleJob(),
      context(async () => undefined),
    );
    expect(fake().submissions[0]?.webhookUrl).toBeNull();
  });
});
