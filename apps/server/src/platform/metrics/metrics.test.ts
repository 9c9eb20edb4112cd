import { describe, expect, it } from 'vitest';
import { readExposition, sumOf } from '../../../test/prometheus-text';
import { FalHttpError, FalTransportError } from '../providers/fal/failures';
import { providerErrorType } from '../providers/error-type';
import { DEADLINE_MESSAGE, ProviderError } from '../providers/types';
import { boundedLabel, createMetrics } from './metrics';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds));

describe('createMetrics', () => {
  it('counts each outcome once, with running time, spent and refunded credits', async () => {
    const m = createMetrics({ defaultMetrics: false });
    const base = { type: 'upscaler', provider: 'local', credits: 2, createdAt: at(0) };
    m.started({ ...base, startedAt: at(3) });
    m.settled({ ...base, status: 'succeeded', startedAt: at(3), finishedAt: at(13) });
    m.settled({ ...base, status: 'failed', startedAt: at(3), finishedAt: at(5) });
    m.settled({ ...base, status: 'canceled', startedAt: null, finishedAt: at(1) });
    m.settled({
      ...base,
      type: 'no-such-tool',
      status: 'failed',
      startedAt: null,
      finishedAt: null,
    });
    const e = readExposition((await m.scrape()).body);
    const l = { tool: 'upscaler', provider: 'local' };
    expect(sumOf(e, 'studio_generations_started_total', l)).toBe(1);
    expect(sumOf(e, 'studio_generation_queued_seconds_sum', l)).toBe(3);
    expect(sumOf(e, 'studio_generations_finished_total', { ...l, outcome: 'succeeded' })).toBe(1);
    expect(sumOf(e, 'studio_generations_finished_total', { ...l, outcome: 'failed' })).toBe(1);
    expect(sumOf(e, 'studio_generations_finished_total', { ...l, outcome: 'canceled' })).toBe(1);
    expect(sumOf(e, 'studio_generations_finished_total', { tool: 'other' })).toBe(1);
    expect(sumOf(e, 'studio_generation_running_seconds_sum', { outcome: 'succeeded' })).toBe(10);
    // A canceled generation that never started has no running time.
    expect(sumOf(e, 'studio_generation_running_seconds_count', { outcome: 'canceled' })).toBe(0);
    expect(sumOf(e, 'studio_credits_spent_total', { tool: 'upscaler' })).toBe(2);
    expect(sumOf(e, 'studio_credits_refunded_total', { tool: 'upscaler' })).toBe(4);
    expect(sumOf(e, 'studio_generations_refunded_total', l)).toBe(2);
  });

  it('keeps open label sets bounded and id-free', () => {
    const label = boundedLabel(2);
    expect(label('fal-ai/flux-pro/kontext')).toBe('fal-ai/flux-pro/kontext');
    expect(label('Fal-AI/Other')).toBe('fal-ai/other');
    expect(label('a third one')).toBe('other'); // not an identifier
    expect(label('third')).toBe('other'); // past the cap
    expect(label('fal-ai/flux-pro/kontext')).toBe('fal-ai/flux-pro/kontext');
    expect(label(null)).toBe('unknown');
  });

  it('labels HTTP by route template and status class, unknown methods as other', async () => {
    const m = createMetrics({ defaultMetrics: false });
    m.observeHttp('GET', '/api/v1/generations/:id', 404, 3);
    m.observeHttp('BREW', undefined, 501, 1);
    const e = readExposition((await m.scrape()).body);
    expect(
      sumOf(e, 'studio_http_request_duration_seconds_count', {
        route: '/api/v1/generations/:id',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(
      sumOf(e, 'studio_http_request_duration_seconds_count', {
        route: 'unmatched',
        method: 'other',
        status_class: '5xx',
      }),
    ).toBe(1);
  });
});

describe('providerErrorType', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);
  it("names fal's own error type, a model error's type, or what the failure was", () => {
    const typed = new FalHttpError(504, {}, headers({ 'x-fal-error-type': 'request_timeout' }));
    expect(providerErrorType(new ProviderError('x', false, { cause: typed }))).toBe(
      'request_timeout',
    );
    const model = new FalHttpError(
      422,
      { detail: [{ type: 'content_policy_violation' }] },
      headers({}),
    );
    expect(providerErrorType(new ProviderError('x', false, { cause: model }))).toBe(
      'content_policy_violation',
    );
    const untyped = new FalHttpError(502, 'bad gateway', headers({}));
    expect(providerErrorType(new ProviderError('x', true, { cause: untyped }))).toBe('http_502');
    expect(
      providerErrorType(new ProviderError('x', true, { cause: new FalTransportError(1) })),
    ).toBe('transport');
    expect(providerErrorType(new ProviderError(DEADLINE_MESSAGE, false))).toBe('deadline');
    expect(providerErrorType(new ProviderError('x', false, { nothingSubmitted: true }))).toBe(
      'refused',
    );
    expect(providerErrorType(new Error('boom'))).toBe('internal');
  });
});
