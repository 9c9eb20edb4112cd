import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSeededApp,
  newUser,
  post,
  productPhoto,
  uploadImage,
  waitForGeneration,
} from '../../../test/generation-helpers';
import { createTestApp, type TestApp } from '../../../test/harness';
import { readExposition, sumOf, type Exposition } from '../../../test/prometheus-text';
import { createMetrics } from '../../platform/metrics/metrics';
import { listenForMetrics } from '../../platform/metrics/listener';

/*
 * GET /metrics (issue 37, ADR 062): the text parses with a parser that is not prom-client's, the
 * counters move when a generation runs, production wants the operator token, and no label holds a
 * user's or a generation's id.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createSeededApp('studio-metrics-');
});

/** Scrapes `/metrics`: the syntax checked by parse-prometheus-text-format, the values read by ours. */
async function scrape(app = t.app, headers: Record<string, string> = {}): Promise<Exposition> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(() => parsePrometheusTextFormat(res.body)).not.toThrow();
  return readExposition(res.body);
}

const familyNames = (e: Exposition) => new Set(e.types.keys());

describe('GET /metrics', () => {
  it('answers the Prometheus text format: process, HTTP, queue, pool, money and webhook families', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const e = await scrape();
    const names = familyNames(e);
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'studio_http_request_duration_seconds',
      'studio_queue_jobs_waiting',
      'studio_queue_oldest_waiting_seconds',
      'studio_generations_in_progress',
      'studio_orders_open',
      'studio_webhook_out_backlog',
      'studio_webhook_out_oldest_due_seconds',
      'studio_db_pool_connections',
      'studio_db_pool_waiting',
      'studio_credits_check_mismatched_accounts',
      'studio_credits_check_last_run_timestamp_seconds',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(e.types.get('studio_http_request_duration_seconds')).toBe('histogram');
    expect(e.types.get('studio_generations_finished_total')).toBe('counter');
    // The health call is there under its route template and status class.
    const health = { route: '/api/v1/health', method: 'GET', status_class: '2xx' };
    expect(sumOf(e, 'studio_http_request_duration_seconds_count', health)).toBeGreaterThanOrEqual(
      1,
    );
    expect(sumOf(e, 'studio_queue_jobs_waiting', { queue: 'generation' })).toBe(0);
    expect(e.samples.some((s) => s.name === 'studio_queue_oldest_waiting_seconds')).toBe(true);
    // This worker ran credits:check on the first scrape: every balance matches its ledger.
    expect(sumOf(e, 'studio_credits_check_mismatched_accounts')).toBe(0);
    expect(sumOf(e, 'studio_credits_check_last_run_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 600,
    );
  });

  it('counts a generation started and succeeded, its credits spent and its provider run; no id in any label', async () => {
    const labels = { tool: 'upscaler', provider: 'local' };
    const before = await scrape();
    const user = await newUser(t, { credits: 5 });
    const imageUrl = await uploadImage(t.app, user.cookie, await productPhoto(300, 200));
    const res = await post(t.app, user.cookie, '/api/v1/upscaler', {
      imageUrl,
      upscaleFactor: '2x',
    });
    expect(res.statusCode).toBe(202);
    const { generationId } = res.json<{ generationId: string }>();
    expect((await waitForGeneration(t.app, user.cookie, generationId)).status).toBe('succeeded');

    const after = await scrape();
    const moved = (name: string, l: Record<string, string> = labels) =>
      sumOf(after, name, l) - sumOf(before, name, l);
    expect(moved('studio_generations_started_total')).toBe(1);
    expect(moved('studio_generations_finished_total', { ...labels, outcome: 'succeeded' })).toBe(1);
    expect(moved('studio_generations_finished_total', { ...labels, outcome: 'failed' })).toBe(0);
    expect(moved('studio_generations_refunded_total')).toBe(0);
    expect(moved('studio_credits_spent_total', { tool: 'upscaler' })).toBe(1);
    expect(moved('studio_generation_queued_seconds_count')).toBe(1);
    expect(
      moved('studio_generation_running_seconds_count', { ...labels, outcome: 'succeeded' }),
    ).toBe(1);
    expect(
      moved('studio_provider_request_duration_seconds_count', { provider: 'local', outcome: 'ok' }),
    ).toBe(1);
    expect(sumOf(after, 'studio_generations_in_progress', { tool: 'upscaler' })).toBe(0);

    // No label anywhere holds the user's id, the generation's id or any other id-like value.
    const ids = [user.id, generationId];
    for (const sample of after.samples) {
      for (const [name, value] of Object.entries(sample.labels)) {
        const where = `${sample.name}{${name}="${value}"}`;
        expect(
          ids.some((id) => value.includes(id)),
          where,
        ).toBe(false);
        expect(value, where).not.toMatch(/gen_[A-Za-z0-9_-]{8,}|[0-9a-f]{8}-[0-9a-f]{4}-/);
      }
    }
  });

  it('labels requests by route template, never by the path a caller sent', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/generations/gen_notarealidatall' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route-x1y2z3' });
    const routes = (await scrape()).samples
      .filter((s) => s.name === 'studio_http_request_duration_seconds_count')
      .map((s) => s.labels.route ?? '');
    expect(routes).toContain('/api/v1/generations/:id');
    expect(routes).toContain('unmatched');
    expect(routes.some((r) => r.includes('gen_notarealidatall') || r.includes('x1y2z3'))).toBe(
      false,
    );
  });

  describe('in production', () => {
    const token = 'operator-token-operator-token-0123456789';
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'production-secret-production-secret-0123',
      OPERATOR_TOKEN: token,
    };

    it('answers 401 without the operator token, and the metrics with it', async () => {
      const { app } = await createTestApp({ env: production });
      for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`, token]) {
        const res = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toMatch(/studio_|process_/);
      }
      const e = await scrape(app, { authorization: `Bearer ${token}` });
      expect(familyNames(e)).toContain('studio_http_request_duration_seconds');
    });

    it('answers 401 to everyone when no operator token is configured', async () => {
      const { app } = await createTestApp({
        env: { NODE_ENV: 'production', AUTH_SECRET: production.AUTH_SECRET },
      });
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer ' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  it('serves a registry on METRICS_PORT (loopback here) without a token, and nothing else', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    metrics.observeHttp('GET', '/x', 200, 5);
    const listener = await listenForMetrics(metrics, { port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${String(listener.port)}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const e = readExposition(await res.text());
      expect(sumOf(e, 'studio_http_request_duration_seconds_count', { route: '/x' })).toBe(1);
      expect((await fetch(`${base}/`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});
