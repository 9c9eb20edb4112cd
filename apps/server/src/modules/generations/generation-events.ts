import type { Tx } from '../../db/db-or-tx';
import { mediaIdOf } from '../media/media.service';
import * as webhooks from '../outbound-webhooks/outbound-webhooks.service';
import * as repo from './generations.repository';

/**
 * The outbound-webhook events a generation's settlement causes (ADR 060), written in the
 * transaction that settles it: `generation.succeeded` or `generation.failed` (failed and
 * canceled work, with the credits given back), and `batch.completed` when it was a catalogue's
 * last unfinished pair. Every transaction that settles work locks the user's credits first, so
 * two pairs of one catalogue settle one after the other and exactly one of them sees the
 * catalogue finished. A user without an enabled endpoint costs one indexed query, and an
 * emitter's failure never fails the settlement (webhooks.isolated).
 */
export async function reportSettled(
  tx: Tx,
  row: repo.GenerationRow,
  /** Needed for a success's absolute output URLs. */
  publicUrl: string | null,
): Promise<void> {
  const subs = await webhooks.subscriptions(tx, row.userId);
  if (subs.length === 0) return;
  await webhooks.isolated(tx, async (sp) => {
    if (row.status === 'succeeded' && publicUrl !== null) {
      if (webhooks.wants(subs, 'generation.succeeded')) {
        const urls = [...row.imageUrls, ...row.videoUrls];
        await webhooks.emit(sp, subs, 'generation.succeeded', {
          generationId: row.id,
          tool: row.type,
          status: 'succeeded',
          batchId: row.batchId,
          credits: row.credits,
          outputs: await webhooks.outputsOf(sp, row.userId, urls, publicUrl, (url) =>
            mediaIdOf(url, publicUrl),
          ),
        });
      }
    } else if (row.status === 'failed' || row.status === 'canceled') {
      await webhooks.emit(sp, subs, 'generation.failed', {
        generationId: row.id,
        tool: row.type,
        status: row.status,
        batchId: row.batchId,
        error: row.error ?? 'The generation failed.',
        refundedCredits: row.credits,
      });
    }
    if (row.batchId !== null && webhooks.wants(subs, 'batch.completed')) {
      const counts = await repo.batchOutcomes(sp, row.batchId);
      if (counts.unfinished === 0) {
        await webhooks.emit(sp, subs, 'batch.completed', {
          batchId: row.batchId,
          total: counts.succeeded + counts.failed + counts.canceled,
          succeeded: counts.succeeded,
          failed: counts.failed,
          canceled: counts.canceled,
        });
      }
    }
  });
}
