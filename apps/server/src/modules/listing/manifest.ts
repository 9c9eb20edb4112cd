import type { ListingCheckItem, ListingRule } from '@studio/contract';
import type { ListingPackFile } from './listing.repository';

/*
 * A listing pack's manifest.csv (ADR 057): one row per file, every measured rule's verdict and the
 * content rules left to the seller. RFC 4180: comma-separated, CRLF line ends, a field holding a
 * comma, quote or line break quoted with its quotes doubled.
 */

/** The measured rules, in the manifest's column order. */
export const MANIFEST_RULES: readonly ListingRule[] = [
  'background',
  'fill',
  'aspect',
  'pixels',
  'format',
  'colour',
  'file-size',
];

const HEADER = [
  'sku',
  'slot',
  'file',
  'width',
  'height',
  'compliant',
  ...MANIFEST_RULES,
  'not_checked',
];

const isRule = (rule: string): rule is ListingRule =>
  MANIFEST_RULES.some((known) => known === rule);

/** Each measured rule's verdict; the checks of rules the manifest has no column for are left out. */
export function verdictsOf(checks: readonly ListingCheckItem[]): ListingPackFile['verdicts'] {
  const verdicts: ListingPackFile['verdicts'] = {};
  for (const check of checks) {
    if (isRule(check.rule)) verdicts[check.rule] = check.passed ? 'pass' : 'fail';
  }
  return verdicts;
}

/**
 * One field as RFC 4180 writes it. A field a spreadsheet would run as a formula (a SKU starting
 * with `=`, `+`, `-`, `@`) is led by an apostrophe, as OWASP advises for CSV exports; a verdict's
 * lone `-` is no formula and stays as it is.
 */
export function csvField(value: string): string {
  const safe = /^(?:[=+@\t\r]|-.)/s.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The manifest of a pack's files, in their order. */
export function manifestCsv(files: readonly ListingPackFile[]): string {
  const rows = files.map((file) => [
    file.sku,
    file.slot,
    file.name,
    String(file.width),
    String(file.height),
    file.compliant ? 'yes' : 'no',
    ...MANIFEST_RULES.map((rule) => file.verdicts[rule] ?? '-'),
    file.notChecked.join('; '),
  ]);
  return [HEADER, ...rows]
    .map((row) => row.map(csvField).join(','))
    .join('\r\n')
    .concat('\r\n');
}
