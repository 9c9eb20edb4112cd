import { GENERATION_TYPES } from '@studio/contract/tools';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/*
 * The process's Prometheus metrics (issue 37, ADR 062). One registry per app instance: tests build
 * many apps in one process, and prom-client's global registry would refuse the second. Events are
 * counted here through a few typed calls, each made from one place (the settle points, the runner's
 * provider call, the HTTP hook, the payment fulfilment); numbers the database already knows
 * (queue depth, work in progress, open orders, webhook backlog) are read at scrape time by the
 * metrics module's collectors. Every label is from a bounded set: route templates, status classes,
 * tools, providers, models and error types (capped), outcomes, never a user's or generation's id.
 */

/** What a settled generation tells the metrics: its tool, provider, outcome, credits and times. */
export interface SettledGeneration {
  type: string;
  provider: string;
  status: string;
  credits: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** The generation events, as the runner, the sweeper and cancels report them. */
export interface GenerationMetrics {
  /** A worker took the work for the first time (attempt 1): its time in the queue ends. */
  started(row: Pick<SettledGeneration, 'type' | 'provider' | 'createdAt' | 'startedAt'>): void;
  /** The work was settled (committed) as succeeded, failed or canceled; credits spent or refunded. */
  settled(row: SettledGeneration): void;
  /** One provider run of a generation: its wall time, and the error type when it failed. */
  providerRun(run: {
    provider: string;
    model: string;
    seconds: number;
    errorType: string | null;
  }): void;
  /** What a provider request cost by the configured price table (ADR 053). */
  providerCost(cost: { tool: string; provider: string; model: string; usd: number }): void;
}

/** The money events the billing service reports once their transaction committed. */
export interface BillingMetrics {
  /** An order moved to `state` (completed, failed, cancelled, expired, processing, refunded…). */
  orderMoved(provider: string, state: string): void;
  /** Credits granted, by where they came from (topup, plan). */
  creditsGranted(source: string, amount: number): void;
}

export interface AppMetrics extends GenerationMetrics, BillingMetrics {
  readonly registry: Registry;
  /** The Prometheus text format and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** One answered HTTP request: its route template (unmatched: none), method, status and time. */
  observeHttp(method: string, route: string | undefined, statusCode: number, ms: number): void;
}

const TOOLS = new Set<string>(GENERATION_TYPES);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const OUTCOMES = new Set(['succeeded', 'failed', 'canceled']);
const tool = (type: string) => (TOOLS.has(type) ? type : 'other');

/**
 * A label from an open set (models, providers, error types) kept bounded: values must look like an
 * identifier, and past `cap` distinct ones the rest read 'other'.
 */
export function boundedLabel(cap: number): (value: string | null | undefined) => string {
  const seen = new Set<string>();
  return (value) => {
    const text = (value ?? '').trim().toLowerCase();
    if (!/^[a-z0-9][a-z0-9_.:/-]{0,99}$/.test(text)) return text === '' ? 'unknown' : 'other';
    if (seen.has(text)) return text;
    if (seen.size >= cap) return 'other';
    seen.add(text);
    return text;
  };
}

/** Seconds between two instants, or null when either is unknown or they run backwards. */
const secondsBetween = (from: Date | null, to: Date | null) =>
  from && to && to.getTime() >= from.getTime() ? (to.getTime() - from.getTime()) / 1000 : null;

export function createMetrics(options: { defaultMetrics?: boolean } = {}): AppMetrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const provider = boundedLabel(20);
  const model = boundedLabel(60);
  const errorType = boundedLabel(40);
  const source = boundedLabel(10);
  const orderState = boundedLabel(12);

  const http = new Histogram({
    name: 'studio_http_request_duration_seconds',
    help: 'HTTP requests answered, by route template, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const limited = new Counter({
    name: 'studio_http_rate_limited_total',
    help: 'Requests answered 429 (a rate limit), by route template',
    labelNames: ['route'] as const,
    registers,
  });
  const started = new Counter({
    name: 'studio_generations_started_total',
    help: 'Generations a worker took for the first time',
    labelNames: ['tool', 'provider'] as const,
    registers,
  });
  const finished = new Counter({
    name: 'studio_generations_finished_total',
    help: 'Generations settled, by outcome (succeeded, failed, canceled)',
    labelNames: ['tool', 'provider', 'outcome'] as const,
    registers,
  });
  const refunded = new Counter({
    name: 'studio_generations_refunded_total',
    help: 'Failed or canceled generations whose credits were given back',
    labelNames: ['tool', 'provider'] as const,
    registers,
  });
  const queued = new Histogram({
    name: 'studio_generation_queued_seconds',
    help: 'Time from a generation being accepted to a worker first taking it',
    labelNames: ['tool', 'provider'] as const,
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800],
    registers,
  });
  const running = new Histogram({
    name: 'studio_generation_running_seconds',
    help: 'Time from a worker first taking a generation to its settlement, by outcome',
    labelNames: ['tool', 'provider', 'outcome'] as const,
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800],
    registers,
  });
  const providerDuration = new Histogram({
    name: 'studio_provider_request_duration_seconds',
    help: "A generation's provider run (submit to result), by model and outcome",
    labelNames: ['provider', 'model', 'outcome'] as const,
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200],
    registers,
  });
  const providerErrors = new Counter({
    name: 'studio_provider_errors_total',
    help: "Provider runs that failed, by model and the provider's error type",
    labelNames: ['provider', 'model', 'error_type'] as const,
    registers,
  });
  const providerCost = new Counter({
    name: 'studio_provider_cost_usd_total',
    help: 'What provider requests cost by the configured price table, per tool (ADR 053)',
    labelNames: ['tool', 'provider', 'model'] as const,
    registers,
  });
  const spent = new Counter({
    name: 'studio_credits_spent_total',
    help: 'Credits captured by succeeded generations',
    labelNames: ['tool'] as const,
    registers,
  });
  const creditsRefunded = new Counter({
    name: 'studio_credits_refunded_total',
    help: 'Credits given back by failed or canceled generations',
    labelNames: ['tool'] as const,
    registers,
  });
  const granted = new Counter({
    name: 'studio_credits_granted_total',
    help: 'Credits granted by paid orders, by source (topup, plan)',
    labelNames: ['source'] as const,
    registers,
  });
  const orders = new Counter({
    name: 'studio_orders_total',
    help: 'Order state changes applied (payment webhooks, the sandbox, expiry), by provider and new state',
    labelNames: ['provider', 'state'] as const,
    registers,
  });
  // Children per label set, so the per-request path does no label hashing (the gallery bench).
  const httpChildren = new Map<string, ReturnType<typeof http.labels>>();

  return {
    registry,
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    observeHttp(method, route, statusCode, ms) {
      const statusClass = `${String(Math.floor(statusCode / 100))}xx`;
      const verb = METHODS.has(method) ? method : 'other';
      const key = `${verb} ${statusClass} ${route ?? ''}`;
      let child = httpChildren.get(key);
      if (!child) {
        child = http.labels({
          route: route ?? 'unmatched',
          method: verb,
          status_class: statusClass,
        });
        httpChildren.set(key, child);
      }
      child.observe(ms / 1000);
      if (statusCode === 429) limited.inc({ route: route ?? 'unmatched' });
    },
    started(row) {
      const labels = { tool: tool(row.type), provider: provider(row.provider) };
      started.inc(labels);
      const waited = secondsBetween(row.createdAt, row.startedAt);
      if (waited !== null) queued.observe(labels, waited);
    },
    settled(row) {
      if (!OUTCOMES.has(row.status)) return;
      const labels = { tool: tool(row.type), provider: provider(row.provider) };
      finished.inc({ ...labels, outcome: row.status });
      const ran = secondsBetween(row.startedAt, row.finishedAt);
      if (ran !== null) running.observe({ ...labels, outcome: row.status }, ran);
      if (row.credits <= 0) return;
      if (row.status === 'succeeded') {
        spent.inc({ tool: labels.tool }, row.credits);
      } else {
        refunded.inc(labels);
        creditsRefunded.inc({ tool: labels.tool }, row.credits);
      }
    },
    providerRun(run) {
      const labels = { provider: provider(run.provider), model: model(run.model) };
      providerDuration.observe({ ...labels, outcome: run.errorType ? 'error' : 'ok' }, run.seconds);
      if (run.errorType) providerErrors.inc({ ...labels, error_type: errorType(run.errorType) });
    },
    providerCost(cost) {
      if (!(cost.usd > 0)) return;
      providerCost.inc(
        { tool: tool(cost.tool), provider: provider(cost.provider), model: model(cost.model) },
        cost.usd,
      );
    },
    orderMoved(orderProvider, state) {
      orders.inc({ provider: provider(orderProvider), state: orderState(state) });
    },
    creditsGranted(grantSource, amount) {
      if (amount > 0) granted.inc({ source: source(grantSource) }, amount);
    },
  };
}
