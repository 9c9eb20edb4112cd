import type { UsageOutcome } from './usage-outcome';

/** The colours a status badge can take. */
export type StatusTone = 'green' | 'yellow' | 'red' | 'blue' | 'grey';

/** Spec §4 Purchase status badge: completed green, pending yellow, failed red, processing blue. */
export function purchaseStatusTone(status: string): StatusTone {
  switch (status.toLowerCase()) {
    case 'completed':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'failed':
      return 'red';
    case 'processing':
      return 'blue';
    default:
      return 'grey';
  }
}

export function usageOutcomeTone(outcome: UsageOutcome): StatusTone {
  const tones: Record<UsageOutcome, StatusTone> = {
    succeeded: 'green',
    failed: 'red',
    pending: 'yellow',
    expired: 'grey',
    removed: 'grey',
  };
  return tones[outcome];
}

/** 'completed' → 'Completed'; the server sends lower-case status words. */
export function statusLabel(status: string): string {
  const text = status.trim();
  return text === '' ? 'Unknown' : `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

export const USAGE_OUTCOME_LABELS: Record<UsageOutcome, string> = {
  succeeded: 'Success',
  failed: 'Failed',
  pending: 'Pending',
  expired: 'Expired',
  removed: 'Removed',
};
