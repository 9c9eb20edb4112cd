import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookHost } from '../../config/env';
import type { Db } from '../../db/client';
import { retryOnDeadlock } from '../../db/retry-on-deadlock';
import { isDatabaseGoingAway, sqlStateOf } from '../../db/sql-state';
import type { Mailer } from '../../platform/email/mailer';
import { BlockedUrlError, FetchFailedError, guardedPost } from '../../platform/net/url-guard';
import type { SecretBox } from '../../platform/secret-box';
import * as repo from './outbound-webhooks.repository';
import { guardFor } from './outbound-webhooks.service';
import { webhookHeaders } from './webhook-signature';

/*
 * The webhook dispatcher (ADR 060), run by worker processes. The deliveries table is its queue
 * (an outbox written in the transactions that finished the work): it takes due deliveries under a
 * lease with SKIP LOCKED, POSTs each one signed through the URL guard, and records the answer:
 * 2xx succeeded; otherwise the next attempt after the schedule's next delay, or failed for good
 * at its end, when an endpoint that has not answered 2xx since that delivery was made is
 * disabled and its owner told by email, once.
 */

/** Standard Webhooks asks for 15 to 30 s; Svix waits 15 s. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** Attempts one process has in flight at once. */
const CONCURRENCY = 8;
/** How often to look for due work while none is known: new events and other processes' retries. */
const IDLE_POLL_MS = 1_000;
/** Finished deliveries stay in the log this long. */
const KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;
const USER_AGENT = 'AI-Product-Studio-Webhooks/1.0';

export interface DispatcherDeps {
  db: Db;
  box: SecretBox;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  allowedHosts: readonly WebhookHost[];
  /** The delays between attempts (WEBHOOK_RETRY_SCHEDULE_MS in tests). */
  retryScheduleMs: readonly number[];
  timeoutMs?: number;
}

export interface Dispatcher {
  stop(): Promise<void>;
}

/**
 * The wait before attempt `n + 1` after attempt `n` (1-based) failed, or null after the last.
 * Up to 10 % is added at random (the spec's jitter), never taken off: the schedule is a minimum.
 */
export function retryDelay(schedule: readonly number[], attempt: number): number | null {
  const base = schedule[attempt - 1];
  return base === undefined ? null : base * (1 + Math.random() * 0.1);
}

/** A span as people say it: "28 hours", "35 minutes", "3 seconds". */
export function spoken(ms: number): string {
  const [unit, size] =
    ms >= 3_600_000 ? ['hour', 3_600_000] : ms >= 60_000 ? ['minute', 60_000] : ['second', 1000];
  const n = Math.max(1, Math.round(ms / size));
  return `${String(n)} ${unit}${n === 1 ? '' : 's'}`;
}

/** Why an attempt failed, as the delivery log shows it. */
function failureOf(error: unknown): string {
  if (error instanceof BlockedUrlError) return `Refused: ${error.reason}`;
  if (error instanceof FetchFailedError) {
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    const known: Record<string, string> = {
      ECONNREFUSED: 'connection refused',
      ECONNRESET: 'connection reset',
      EHOSTUNREACH: 'host unreachable',
      ETIMEDOUT: 'connection timed out',
      CERT_HAS_EXPIRED: 'TLS certificate expired',
      DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
      ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate for another host',
    };
    return typeof code === 'string' && known[code] ? known[code] : error.reason;
  }
  return 'request failed';
}

const statusError = (status: number) =>
  status >= 300 && status < 400
    ? `HTTP ${String(status)} (redirects are not followed: update the URL)`
    : `HTTP ${String(status)}`;

export function startWebhookDispatcher(deps: DispatcherDeps): Dispatcher {
  const { db, log } = deps;
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  // Past the timeout with room to record the answer: a live attempt's lease never lapses.
  const leaseMs = timeoutMs + 60_000;
  const scheduleSpan = spoken(deps.retryScheduleMs.reduce((sum, ms) => sum + ms, 0));
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let ticking: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const later = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(wake, ms).unref();
  };

  function wake(): void {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((error: unknown) => {
        // One Ctrl-C reaches the embedded database's process group too: it ends this query as the
        // app stops. A database going away is said as such, not as the dispatcher failing.
        if (isDatabaseGoingAway(error)) {
          log.warn(
            { sqlState: sqlStateOf(error) },
            'the database is shutting down or restarting; the webhook dispatcher looks again shortly',
          );
        } else {
          log.error({ err: error }, 'webhook dispatcher failed; it looks again shortly');
        }
        later(IDLE_POLL_MS);
      })
      .finally(() => {
        ticking = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  async function tick(): Promise<void> {
    while (!stopped && inFlight.size < CONCURRENCY) {
      const wait = await repo.msUntilNextDue(db);
      if (wait === null || wait > 0) {
        later(Math.min(wait ?? IDLE_POLL_MS, IDLE_POLL_MS));
        return;
      }
      const token = randomUUID();
      const claimed = await repo.claimDue(db, token, CONCURRENCY - inFlight.size, leaseMs);
      if (claimed.length === 0) {
        // Due but taken by another process's claim in progress: look again in a moment.
        later(25);
        return;
      }
      for (const delivery of claimed) {
        const running: Promise<void> = attempt(delivery, token)
          .catch((error: unknown) => {
            log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt not recorded');
          })
          .finally(() => {
            inFlight.delete(running);
            wake();
          });
        inFlight.add(running);
      }
    }
    // Every slot busy: a finishing attempt wakes the dispatcher.
    later(IDLE_POLL_MS);
  }

  async function attempt(delivery: repo.ClaimedDelivery, token: string): Promise<void> {
    if (!delivery.endpointEnabled) {
      await repo.failUnsent(db, delivery.id, token);
      return;
    }
    let secrets: string[];
    try {
      secrets = [
        delivery.secret,
        ...(delivery.previousSecret ? [delivery.previousSecret] : []),
      ].map((sealed) => deps.box.open(sealed, delivery.endpointId));
    } catch {
      await settleFailure(delivery, token, {
        statusCode: null,
        error:
          "Not sent: the signing secret cannot be read (the server's AUTH_SECRET changed); rotate the secret",
        retry: false,
      });
      return;
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      ...webhookHeaders(secrets, delivery.id, timestamp, delivery.body),
    };
    let status: number | null = null;
    let error: string | null = null;
    try {
      const url = new URL(delivery.url);
      ({ status } = await guardedPost(
        url.href,
        { headers, body: delivery.body },
        { ...guardFor(url, deps.allowedHosts), timeoutMs },
      ));
    } catch (caught) {
      error = failureOf(caught);
    }
    if (status !== null && status >= 200 && status < 300) {
      const ok = status;
      await retryOnDeadlock(() =>
        db.transaction((tx) => repo.recordSuccess(tx, delivery, token, ok)),
      );
      return;
    }
    await settleFailure(delivery, token, {
      statusCode: status,
      error: error ?? statusError(status ?? 0),
      retry: status !== 410,
    });
  }

  async function settleFailure(
    delivery: repo.ClaimedDelivery,
    token: string,
    outcome: { statusCode: number | null; error: string; retry: boolean },
  ): Promise<void> {
    const retryInMs =
      outcome.retry && delivery.autoRetry
        ? retryDelay(deps.retryScheduleMs, delivery.attempts + 1)
        : null;
    const notice = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const row = await repo.recordFailure(tx, delivery.id, token, {
          statusCode: outcome.statusCode,
          error: outcome.error,
          retryInMs,
        });
        if (!row || retryInMs !== null) return undefined;
        // Standard Webhooks: 410 Gone means the receiver wants no more deliveries.
        if (outcome.statusCode === 410) {
          return repo.disableEndpoint(
            tx,
            delivery.endpointId,
            'The endpoint answered 410 Gone, asking for no more deliveries.',
          );
        }
        // A manual resend that fails says nothing new about the endpoint.
        if (!delivery.autoRetry) return undefined;
        return repo.disableEndpoint(
          tx,
          delivery.endpointId,
          `No delivery succeeded through a whole retry schedule (${scheduleSpan}); the last attempt: ${outcome.error}.`,
          delivery.createdAt,
        );
      }),
    );
    if (notice) await tellOwner(notice, outcome.error);
  }

  async function tellOwner(notice: { email: string; url: string }, lastError: string) {
    try {
      await deps.mailer.send({
        to: notice.email,
        subject: 'Your webhook endpoint was disabled',
        text: [
          `We stopped sending webhooks to ${notice.url}: deliveries to it kept failing (the last: ${lastError}).`,
          '',
          'Nothing more is sent to it until you enable it again. Events that failed meanwhile',
          `stay in its delivery log, where each can be resent: ${deps.publicUrl}/developers`,
        ].join('\n'),
      });
    } catch (error) {
      // The endpoint stays disabled and says why on /developers; the mail is only a notice.
      log.warn({ err: error }, 'the webhook-disabled notice could not be sent');
    }
  }

  let pruning: Promise<void> | undefined;
  const prune = () => {
    pruning = repo
      .pruneFinished(db, KEEP_DAYS, 1000)
      .then((pruned) => {
        if (pruned > 0)
          log.info({ pruned }, `webhook deliveries older than ${String(KEEP_DAYS)} days removed`);
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'webhook delivery prune failed; it runs again next hour');
      });
  };
  const pruner = setInterval(prune, PRUNE_EVERY_MS).unref();
  prune();
  wake();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(pruner);
      await Promise.all([ticking, pruning]);
      // Each attempt ends within its timeout; a lease left behind would only delay it a minute.
      await Promise.allSettled([...inFlight]);
    },
  };
}
