import type { DbOrTx } from '../../db/db-or-tx';
import * as repo from './provenance.repository';

/** The operator's report of outputs stored without content credentials (`npm run admin`). */
export async function unmarkedReport(db: DbOrTx, since: Date): Promise<string[]> {
  const rows = await repo.unmarkedOutputs(db, since);
  const total = rows.reduce((sum, row) => sum + row.unmarked, 0);
  const all = rows.reduce((sum, row) => sum + row.outputs, 0);
  return [
    `Outputs finished since ${since.toISOString()}: ${String(all)}, without content credentials: ${String(total)}`,
    ...rows
      .filter((row) => row.unmarked > 0)
      .map((row) => `  ${row.type}: ${String(row.unmarked)} of ${String(row.outputs)}`),
  ];
}
