import { randomBytes } from 'node:crypto';
import {
  type CreateWebhookEndpointRequest,
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookEvent,
} from '@studio/contract';
import type { WebhookDelivery, WebhookEndpoint } from '@studio/contract/responses';
import type { WebhookHost } from '../../config/env';
import type { Db } from '../../db/client';
import type { DbOrTx, Tx } from '../../db/db-or-tx';
import { AppError, notFound } from '../../http/errors';
import { BlockedUrlError, checkUrl, type UrlGuardOptions } from '../../platform/net/url-guard';
import type { SecretBox } from '../../platform/secret-box';
import * as repo from './outbound-webhooks.repository';
import { newWebhookSecret } from './webhook-signature';

/*
 * Outbound webhooks (issue 35 item 4, ADR 060): endpoints a seller registers, the events written
 * for them in the transaction that finished the work, and the delivery log. Sending is the
 * dispatcher's (outbound-webhooks.jobs.ts).
 */

/**
 * `credits.low` is sent when a spend takes the balance from at least this many credits to fewer:
 * once per crossing, not on every spend below it. 20 is a Plus plan's monthly grant, a few
 * generations' worth: time for a seller's system to top up before work is refused with 402.
 */
export const CREDITS_LOW_THRESHOLD = 20;
/** How long a rotated-out secret keeps signing beside the new one (ADR 060). */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;
/** The label the secrets' encryption key is derived under (platform/secret-box.ts). */
export const SECRET_BOX_LABEL = 'webhook-endpoint-secrets';

export interface EndpointDeps {
  db: Db;
  box: SecretBox;
  /** WEBHOOK_ALLOWED_HOSTS: private hosts allowed, over http too (tests, development). */
  allowedHosts: readonly WebhookHost[];
}

// --- Where an endpoint may point ----------------------------------------------------------------

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Whether WEBHOOK_ALLOWED_HOSTS names the URL's host (and its port, when the entry has one). */
export function isAllowlisted(url: URL, allowed: readonly WebhookHost[]): boolean {
  const host = bare(url.hostname);
  return allowed.some((e) => e.host === host && (e.port === undefined || e.port === portOf(url)));
}

/**
 * The URL guard's options for one endpoint URL: an allowlisted host is trusted (it may be
 * private); anything else may be any host, but only at public addresses. Used when the endpoint
 * is made and again at every attempt, whose DNS answer is checked anew and pinned.
 */
export function guardFor(url: URL, allowed: readonly WebhookHost[]): UrlGuardOptions {
  return isAllowlisted(url, allowed)
    ? { allowedHosts: [], trustedOrigins: [url.origin] }
    : { allowedHosts: [], anyPublicHost: true };
}

const badUrl = (message: string) => new AppError(400, 'url_not_allowed', message);

/** The endpoint URL as stored, or a 400 that says what is wrong with it. */
export async function checkEndpointUrl(
  input: string,
  allowed: readonly WebhookHost[],
): Promise<string> {
  if (!URL.canParse(input)) throw badUrl('Enter a full URL, like https://example.com/webhooks.');
  const url = new URL(input);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badUrl('The URL must start with https://.');
  }
  if (url.protocol === 'http:' && !isAllowlisted(url, allowed)) {
    throw badUrl('The URL must use https:// so deliveries cannot be read on the way.');
  }
  if (url.username || url.password) {
    throw badUrl('Leave the user name and password out of the URL: deliveries are signed.');
  }
  if (url.hash) throw badUrl('Leave the #fragment out of the URL: it is never sent.');
  try {
    await checkUrl(url.href, guardFor(url, allowed));
  } catch (error) {
    if (!(error instanceof BlockedUrlError)) throw error;
    throw badUrl(
      `Deliveries go to public internet addresses only, and this URL is refused: ${error.reason}.`,
    );
  }
  return url.href;
}

// --- Endpoints ----------------------------------------------------------------------------------

const toEndpoint = (row: repo.EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  status: row.status === 'disabled' ? 'disabled' : 'enabled',
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
});

/** A new endpoint; its secret is answered this once (and kept encrypted). */
export async function createEndpoint(
  deps: EndpointDeps,
  userId: string,
  input: CreateWebhookEndpointRequest,
): Promise<{ id: string; secret: string }> {
  const url = await checkEndpointUrl(input.url, deps.allowedHosts);
  const id = `ep_${randomBytes(12).toString('base64url')}`;
  const secret = newWebhookSecret();
  await deps.db.transaction(async (tx) => {
    await repo.lockUserEndpoints(tx, userId);
    if ((await repo.countEndpoints(tx, userId)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        409,
        'too_many_endpoints',
        `An account has at most ${String(MAX_WEBHOOK_ENDPOINTS)} webhook endpoints: delete one first.`,
      );
    }
    await repo.insertEndpoint(tx, {
      id,
      userId,
      url,
      description: input.description ? input.description : null,
      events: [...new Set(input.events)],
      secret: deps.box.seal(secret, id),
    });
  });
  return { id, secret };
}

export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpoint[]> {
  return (await repo.listEndpoints(db, userId)).map(toEndpoint);
}

const endpointNotFound = () => notFound('Webhook endpoint not found');

async function ownEndpoint(db: Db, userId: string, id: string): Promise<repo.EndpointRow> {
  const row = await repo.findOwnEndpoint(db, userId, id);
  if (!row) throw endpointNotFound();
  return row;
}

export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteEndpoint(db, userId, id))) throw endpointNotFound();
}

/**
 * A new secret, answered this once. The one it replaces keeps signing beside it for 24 hours
 * (both signatures in `webhook-signature`), so the receiver can switch without losing a
 * delivery; a second rotation within them ends the older secret's overlap at once.
 */
export async function rotateSecret(
  deps: EndpointDeps,
  userId: string,
  id: string,
): Promise<{ id: string; secret: string }> {
  const secret = newWebhookSecret();
  const expires = new Date(Date.now() + SECRET_OVERLAP_MS);
  if (!(await repo.rotateSecret(deps.db, userId, id, deps.box.seal(secret, id), expires))) {
    throw endpointNotFound();
  }
  return { id, secret };
}

/** Turns a disabled endpoint back on; what failed meanwhile can be resent from its log. */
export async function enableEndpoint(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.enableEndpoint(db, userId, id))) throw endpointNotFound();
}

// --- The delivery log ---------------------------------------------------------------------------

const CURSOR = /^\d{1,15}$/;
export const BAD_CURSOR_MESSAGE =
  'The cursor is not one this list gave: pass nextCursor from the previous page unchanged.';

const toDelivery = (row: repo.DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
});

/** One endpoint's deliveries, newest first; the cursor is opaque (the last row's sequence). */
export async function listDeliveries(
  db: Db,
  userId: string,
  endpointId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  let before: number | null = null;
  if (query.cursor !== undefined) {
    const decoded = Buffer.from(query.cursor, 'base64url').toString('utf8');
    if (!CURSOR.test(decoded)) throw new AppError(400, 'bad_request', BAD_CURSOR_MESSAGE);
    before = Number(decoded);
  }
  await ownEndpoint(db, userId, endpointId);
  const rows = await repo.listDeliveries(db, endpointId, before, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    deliveries: page.map(toDelivery),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(String(last.seq)).toString('base64url')
        : null,
  };
}

/** `POST …/deliveries/:id/resend`: a fresh attempt now, signed anew with the current secret(s). */
export async function resendDelivery(
  db: Db,
  userId: string,
  endpointId: string,
  deliveryId: string,
): Promise<void> {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  if (endpoint.status !== 'enabled') {
    throw new AppError(
      409,
      'endpoint_disabled',
      'This endpoint is disabled: enable it first, then resend.',
    );
  }
  if (!(await repo.resendDelivery(db, endpointId, deliveryId))) {
    throw notFound('Webhook delivery not found');
  }
}

// --- Emitting events ------------------------------------------------------------------------------

/** What `generation.succeeded` carries in `data`. */
export interface GenerationSucceededData {
  generationId: string;
  tool: string;
  status: 'succeeded';
  batchId: string | null;
  /** Credits the work cost. */
  credits: number;
  /** Absolute URLs of the stored outputs (our media routes), with their content types. */
  outputs: { url: string; contentType: string }[];
}

/** What `generation.failed` carries: failed or canceled work, and the credits given back. */
export interface GenerationFailedData {
  generationId: string;
  tool: string;
  status: 'failed' | 'canceled';
  batchId: string | null;
  error: string;
  refundedCredits: number;
}

export interface BatchCompletedData {
  batchId: string;
  total: number;
  succeeded: number;
  failed: number;
  canceled: number;
}

export interface CreditsLowData {
  balance: number;
  threshold: number;
}

export interface EventData {
  'generation.succeeded': GenerationSucceededData;
  'generation.failed': GenerationFailedData;
  'batch.completed': BatchCompletedData;
  'credits.low': CreditsLowData;
}

export type Subscriptions = Awaited<ReturnType<typeof repo.subscriptions>>;

/** The user's enabled endpoints and their events: the one query every emitter starts with. */
export function subscriptions(tx: DbOrTx, userId: string): Promise<Subscriptions> {
  return repo.subscriptions(tx, userId);
}

export const wants = (subs: Subscriptions, type: WebhookEvent) =>
  subs.some((s) => s.events.includes(type));

/**
 * Writes one delivery of the event for each subscribed endpoint, in the caller's transaction:
 * it exists exactly when the work it reports committed. Nothing is written without one.
 */
export async function emit<T extends WebhookEvent>(
  tx: Tx,
  subs: Subscriptions,
  type: T,
  data: EventData[T],
  at = new Date(),
): Promise<void> {
  const targets = subs.filter((s) => s.events.includes(type));
  const payload = { type, timestamp: at.toISOString(), data };
  await repo.insertDeliveries(
    tx,
    targets.map((s) => ({
      id: `msg_${randomBytes(16).toString('base64url')}`,
      endpointId: s.id,
      eventType: type,
      payload,
    })),
  );
}

/**
 * `credits.low` when a spend takes the balance from at least CREDITS_LOW_THRESHOLD to below it;
 * called in the spend's transaction (credits.service reserve).
 */
export async function emitCreditsLow(
  tx: Tx,
  userId: string,
  before: number,
  after: number,
): Promise<void> {
  if (!(before >= CREDITS_LOW_THRESHOLD && after < CREDITS_LOW_THRESHOLD)) return;
  const subs = await repo.subscriptions(tx, userId);
  if (wants(subs, 'credits.low')) {
    await emit(tx, subs, 'credits.low', { balance: after, threshold: CREDITS_LOW_THRESHOLD });
  }
}

/**
 * Runs an emitter in a savepoint of the caller's transaction: an emitter's failure (an endpoint
 * deleted at that very moment breaks its delivery's foreign key) loses that event, never the
 * work the transaction settles. False when it was lost.
 */
export async function isolated(tx: Tx, work: (sp: Tx) => Promise<void>): Promise<boolean> {
  try {
    await tx.transaction(work);
    return true;
  } catch {
    return false;
  }
}

/** `generation.succeeded`'s outputs: absolute URLs of our media routes, with content types. */
export async function outputsOf(
  tx: DbOrTx,
  userId: string,
  urls: readonly string[],
  publicUrl: string,
  mediaIdOf: (url: string) => string | null,
): Promise<GenerationSucceededData['outputs']> {
  const ids = urls.map(mediaIdOf);
  const types = await repo.contentTypes(
    tx,
    userId,
    ids.filter((id): id is string => id !== null),
  );
  return urls.map((url, i) => ({
    url: new URL(url, publicUrl).href,
    contentType: types.get(ids[i] ?? '') ?? 'application/octet-stream',
  }));
}
