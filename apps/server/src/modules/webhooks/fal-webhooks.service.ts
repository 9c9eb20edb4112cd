import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import {
  createFalKeySet,
  FAL_JWKS_URL,
  fetchJwksThroughGuard,
  type FalKeySet,
} from '../../platform/providers/fal/jwks';
import { costOf, type FalPriceTable } from '../../platform/providers/fal/prices';
import { falWebhookBodySchema } from '../../platform/providers/fal/webhook-inbox';
import {
  createWebhookTagger,
  type WebhookTagger,
  type WebhookTagQuery,
} from '../../platform/providers/fal/webhook-tag';
import {
  headerProblem,
  signedByOneOf,
  type FalWebhookHeaders,
} from '../../platform/providers/fal/webhook-signature';
import { recordRequestCost } from '../provider-costs/provider-costs.service';
import { createFalWebhookInbox, type LocalFalWebhookInbox } from './fal-webhook-inbox';
import { recognizeRequest, recordDelivery } from './fal-webhooks.repository';

// For the generation sweeper, which reaches this module's table only through its service.
export { pruneOldDeliveries } from './fal-webhooks.repository';

/*
 * fal's webhook (ADR 035): verified exactly as fal documents it, stored once per request id, and
 * handed to the job waiting on that request. The answer never says whether we know the request:
 * an id no generation holds is stored and answered like any other.
 */

export interface FalWebhookDeps {
  db: Db;
  keys: FalKeySet;
  inbox: LocalFalWebhookInbox;
  log: FastifyBaseLogger;
  /** Our fal account (FAL_USER_ID): a delivery signed for another is refused; undefined: any. */
  userId: string | undefined;
  /** Reads the generation a submission's URL names (issue 29). */
  tagger: WebhookTagger;
  /** Prices the work fal ran for no generation's benefit (issue 31). */
  prices: FalPriceTable;
  now?: () => number;
}

/** Deliveries are kept this long: past fal's 5-minute tolerance a replay is refused anyway. */

/** The same answer for every refusal: a caller learns nothing about which check failed. */
const refused = () =>
  new AppError(401, 'invalid_signature', 'Webhook signature verification failed.');

export function createFalWebhookDeps(options: {
  db: Db;
  jwksUrl: string | undefined;
  userId: string | undefined;
  log: FastifyBaseLogger;
  authSecret: string;
  prices: FalPriceTable;
}): FalWebhookDeps {
  if (options.userId === undefined) {
    // Any fal account can sign a delivery aimed at our URL; without our id it is taken like ours.
    options.log.warn('FAL_USER_ID is unset: fal webhooks signed for any fal account are accepted');
  }
  const url = options.jwksUrl ?? FAL_JWKS_URL;
  // fal's own host passes the outbound allowlist; a configured stand-in (tests) is trusted as is.
  const trusted = options.jwksUrl ? [new URL(options.jwksUrl).origin] : [];
  return {
    db: options.db,
    keys: createFalKeySet({ url, fetchJson: fetchJwksThroughGuard(trusted) }),
    inbox: createFalWebhookInbox(options.db),
    log: options.log,
    userId: options.userId,
    tagger: createWebhookTagger(options.authSecret),
    prices: options.prices,
  };
}

async function verify(deps: FalWebhookDeps, headers: FalWebhookHeaders, raw: Buffer) {
  let keys: KeyObject[];
  try {
    keys = await deps.keys.current();
  } catch (error) {
    deps.log.error({ err: error }, "fal's webhook keys could not be fetched");
    // Not the sender's fault: fal retries the delivery, and polling finishes the job meanwhile.
    throw new AppError(503, 'service_unavailable', 'Webhook keys are unavailable.');
  }
  if (signedByOneOf(headers, raw, keys)) return true;
  // No cached key verifies it: fal may have rotated its keys (refetched at most every 5 min).
  const fresh = await deps.keys.refresh().catch(() => null);
  return fresh !== null && signedByOneOf(headers, raw, fresh);
}

export async function receiveFalWebhook(
  deps: FalWebhookDeps,
  headers: Partial<FalWebhookHeaders>,
  raw: Buffer,
  query: WebhookTagQuery = {},
): Promise<void> {
  const now = deps.now?.() ?? Date.now();
  const problem = headerProblem(headers, now);
  if (problem) {
    deps.log.warn({ reason: problem }, 'fal webhook refused');
    throw refused();
  }
  const checked = headers as FalWebhookHeaders;
  // Before the signature and before anything is stored: fal signs every account's deliveries with
  // the same keys, so a valid signature alone does not make a delivery ours. Checked first, as a
  // forged id would fail the signature anyway, and this way costs no key fetch.
  if (deps.userId !== undefined && checked.userId !== deps.userId) {
    deps.log.warn({ reason: 'another fal user' }, 'fal webhook refused');
    throw refused();
  }
  if (!(await verify(deps, checked, raw))) {
    deps.log.warn({ reason: 'bad signature' }, 'fal webhook refused');
    throw refused();
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError(400, 'bad_request', 'Expected JSON');
  }
  const parsed = falWebhookBodySchema.safeParse(body);
  // The signature binds the header's id; a body naming another request is not fal's.
  if (!parsed.success || parsed.data.request_id !== checked.requestId) {
    deps.log.warn({ reason: 'body does not match' }, 'fal webhook refused');
    throw refused();
  }
  const { status, payload } = parsed.data;
  const fresh = await recordDelivery(deps.db, {
    requestId: checked.requestId,
    ok: status === 'OK',
    payload: payload ?? null,
  });
  if (!fresh) {
    deps.log.warn({ reason: 'replay' }, 'fal webhook refused');
    throw refused();
  }
  deps.inbox.notify(checked.requestId);
  // A request whose id its generation never stored (a worker died between fal's accepting it and
  // our recording the id): the URL fal called says whose it is (issue 29).
  const tag = deps.tagger.read(query);
  if (!tag) return;
  const cost =
    status === 'OK'
      ? costOf(deps.prices, tag.modelId, payload, null)
      : { units: null, costUsd: null };
  const seen = await recognizeRequest(deps.db, tag, checked.requestId, cost, recordRequestCost);
  if (seen === 'adopted') {
    deps.log.info(
      { generationId: tag.generationId, requestId: checked.requestId },
      'fal request adopted by the generation that lost its id',
    );
  } else if (seen === 'late') {
    deps.log.warn(
      { generationId: tag.generationId, requestId: checked.requestId, ...cost },
      'fal finished a request after its generation was refunded; its cost is recorded, never charged',
    );
  } else if (seen === 'unclaimed') {
    deps.log.warn(
      { generationId: tag.generationId, requestId: checked.requestId, modelId: tag.modelId },
      'fal ran a request no generation holds; its cost is recorded, never charged',
    );
  }
}
