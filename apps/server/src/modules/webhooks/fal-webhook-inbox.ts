import { EventEmitter } from 'node:events';
import type { Db } from '../../db/client';
import type { FalWebhookInbox } from '../../platform/providers/fal/webhook-inbox';
import { findDeliveries } from './fal-webhooks.repository';

/*
 * The fal queue client's view of the deliveries the webhook route stored (ADR 035). A delivery in
 * this process wakes the waiting job at once; one received by another process (ROLE=api) is found
 * by the job's next look at the table, within a second.
 */

export interface LocalFalWebhookInbox extends FalWebhookInbox {
  /** Wakes the jobs of this process waiting on this request. */
  notify(requestId: string): void;
}

export function createFalWebhookInbox(db: Db): LocalFalWebhookInbox {
  const arrivals = new EventEmitter();
  // One listener per waiting job: worker concurrency bounds them, not this default.
  arrivals.setMaxListeners(0);
  return {
    async find(requestIds) {
      if (requestIds.length === 0) return new Map();
      const rows = await findDeliveries(db, requestIds);
      return new Map(rows.map((row) => [row.requestId, { ok: row.ok, payload: row.payload }]));
    },
    wait(requestIds, ms, signal) {
      return new Promise<void>((resolve) => {
        const wanted = new Set(requestIds);
        const done = () => {
          clearTimeout(timer);
          arrivals.off('delivery', onDelivery);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const onDelivery = (requestId: string) => {
          if (wanted.has(requestId)) done();
        };
        const timer = setTimeout(done, ms);
        arrivals.on('delivery', onDelivery);
        signal.addEventListener('abort', done);
        if (signal.aborted) done();
      });
    },
    notify(requestId) {
      arrivals.emit('delivery', requestId);
    },
  };
}
