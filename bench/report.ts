// Small helpers the benches share for their figures (no server imports: forked load clients
// re-run the bench script that imports this).
import { loadavg } from 'node:os';

/** The value at quantile `q` (0–1) of an ascending list; NaN for an empty one. */
export const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

/** Prints rows as a table: the first column left-aligned, the others right-aligned. */
export function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  for (const row of rows)
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  '),
    );
}

/** The 1, 5 and 15 minute load averages, printed beside a figure: how busy the machine was. */
export const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
