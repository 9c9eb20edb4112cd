import { formatDateTime, formatLongDate } from '@/lib/format';

/** A key as the list shows it after creation: its first characters and an ellipsis. */
export function keyPrefixText(prefix: string): string {
  return `${prefix}…`;
}

/** 'Last used Jan 15, 2026, 10:30 AM', or 'Never used' (the server notes use every few minutes). */
export function lastUsedText(lastUsedAt: string | null): string {
  const when = formatDateTime(lastUsedAt);
  return when ? `Last used ${when}` : 'Never used';
}

/** 'Created January 15, 2026'. */
export function createdText(createdAt: string): string {
  return `Created ${formatLongDate(createdAt) ?? 'on an unknown date'}`;
}
