import { and, eq, gte, sql } from 'drizzle-orm';
import { generations, providerCosts } from '../../db/schema';
import type { DbOrTx } from '../../db/db-or-tx';

/*
 * One row per provider request (issue 31): what it cost us, whatever became of its generation.
 * Writing a cost never fails the work it is for: callers log and go on.
 */

export type ProviderCostOutcome =
  'submitted' | 'completed' | 'failed' | 'cancelled' | 'late' | 'unclaimed';

export interface ProviderCostEntry {
  requestId: string;
  generationId: string | null;
  provider: string;
  modelId: string;
  outcome: ProviderCostOutcome;
  inferenceMs: number | null;
  units: number | null;
  costUsd: number | null;
}

/** Inserts the request's row or brings it up to date; a known figure is never replaced by null. */
export async function recordRequestCost(db: DbOrTx, entry: ProviderCostEntry): Promise<void> {
  await db
    .insert(providerCosts)
    .values({ ...entry, recordedAt: new Date() })
    .onConflictDoUpdate({
      target: providerCosts.requestId,
      set: {
        // A late 'submitted' report (they are written without waiting) never hides how it ended.
        outcome: sql`case when excluded.outcome = 'submitted' then ${providerCosts.outcome} else excluded.outcome end`,
        generationId: sql`coalesce(excluded.generation_id, ${providerCosts.generationId})`,
        inferenceMs: sql`coalesce(excluded.inference_ms, ${providerCosts.inferenceMs})`,
        units: sql`coalesce(excluded.units, ${providerCosts.units})`,
        costUsd: sql`coalesce(excluded.cost_usd, ${providerCosts.costUsd})`,
        recordedAt: sql`excluded.recorded_at`,
      },
    });
}

/** The requests of a generation still out when we asked the provider to stop them. */
export async function markCancelled(db: DbOrTx, generationId: string): Promise<void> {
  await db
    .update(providerCosts)
    .set({ outcome: 'cancelled', recordedAt: new Date() })
    .where(
      and(eq(providerCosts.generationId, generationId), eq(providerCosts.outcome, 'submitted')),
    );
}

export interface CostRow {
  tool: string | null;
  outcome: string;
  generationStatus: string | null;
  credits: number | null;
  costUsd: number | null;
  modelId: string;
}

/** Every request recorded since `since`, with its generation's tool, status and price. */
export async function costRows(db: DbOrTx, since: Date): Promise<CostRow[]> {
  return db
    .select({
      tool: generations.type,
      outcome: providerCosts.outcome,
      generationStatus: generations.status,
      credits: generations.credits,
      costUsd: providerCosts.costUsd,
      modelId: providerCosts.modelId,
    })
    .from(providerCosts)
    .leftJoin(generations, eq(generations.id, providerCosts.generationId))
    .where(gte(providerCosts.recordedAt, since));
}
