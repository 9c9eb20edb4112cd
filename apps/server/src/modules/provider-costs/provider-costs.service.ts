import type { Db } from '../../db/client';
import { costRows, type CostRow } from './provider-costs.repository';

// The writers other modules call as requests go out and come back (the runner, the fal webhook).
export {
  markCancelled,
  recordRequestCost,
  type ProviderCostEntry,
} from './provider-costs.repository';

/*
 * `npm run admin -- provider-costs [--since DATE]` (issue 31): what the provider cost us per tool
 * and per outcome, and the share of it spent on work nobody paid for.
 */

/** Who paid for a request's work, from its row and its generation. */
export type PaidBy = 'charged' | 'free' | 'refunded' | 'in progress' | 'deleted';

export function paidBy(row: Pick<CostRow, 'outcome' | 'generationStatus' | 'credits'>): PaidBy {
  // Work that ran for a refunded generation (after its deadline, or after its id was lost).
  if (row.outcome === 'late' || row.outcome === 'unclaimed') return 'refunded';
  switch (row.generationStatus) {
    case 'succeeded':
      return (row.credits ?? 0) > 0 ? 'charged' : 'free';
    case 'failed':
    case 'canceled':
      return 'refunded';
    case 'queued':
    case 'running':
      return 'in progress';
    default:
      return 'deleted';
  }
}

interface Tally {
  requests: number;
  usd: number;
  unpriced: number;
}

const tally = (): Tally => ({ requests: 0, usd: 0, unpriced: 0 });
const add = (into: Tally, row: CostRow) => {
  into.requests += 1;
  if (row.costUsd === null) into.unpriced += 1;
  else into.usd += row.costUsd;
};
function bucket<K>(map: Map<K, Tally>, key: K): Tally {
  const found = map.get(key);
  if (found) return found;
  const fresh = tally();
  map.set(key, fresh);
  return fresh;
}
const money = (usd: number) => `$${usd.toFixed(4)}`;
const line = (label: string, t: Tally) =>
  `${label.padEnd(22)}${String(t.requests).padStart(9)}${money(t.usd).padStart(12)}${String(t.unpriced).padStart(10)}`;

/** The report's lines. */
export function formatCostReport(rows: CostRow[], since: Date): string[] {
  const byTool = new Map<string, Tally>();
  const byPaid = new Map<PaidBy, Tally>();
  const total = tally();
  for (const row of rows) {
    const tool = row.tool ?? '(generation deleted)';
    const paid = paidBy(row);
    add(bucket(byTool, tool), row);
    add(bucket(byPaid, paid), row);
    add(total, row);
  }
  const header = `${''.padEnd(22)}${'requests'.padStart(9)}${'cost'.padStart(12)}${'unpriced'.padStart(10)}`;
  const unpaid = (byPaid.get('refunded')?.usd ?? 0) + (byPaid.get('free')?.usd ?? 0);
  const share = total.usd > 0 ? ((unpaid / total.usd) * 100).toFixed(1) : '0.0';
  return [
    `Provider costs since ${since.toISOString()} (US dollars by the configured price table)`,
    '',
    `${'per tool'.padEnd(22)}${header.slice(22)}`,
    ...[...byTool].sort(([a], [b]) => a.localeCompare(b)).map(([tool, t]) => line(tool, t)),
    '',
    `${'per outcome'.padEnd(22)}${header.slice(22)}`,
    ...(['charged', 'free', 'refunded', 'in progress', 'deleted'] as const)
      .filter((paid) => byPaid.has(paid))
      .map((paid) => line(paid, byPaid.get(paid) ?? tally())),
    '',
    line('total', total),
    `Spent on refunded or free work: ${money(unpaid)} of ${money(total.usd)} (${share} %)`,
  ];
}

export async function providerCostReport(db: Db, since: Date): Promise<string[]> {
  return formatCostReport(await costRows(db, since), since);
}
