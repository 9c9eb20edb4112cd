import { purchaseStatusTone, statusLabel } from '../lib/status-tone';
import { StatusBadge } from './status-badge';

/** Spec §4: completed green, pending yellow, failed red, processing blue, anything else grey. */
export function PurchaseStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={purchaseStatusTone(status)}>{statusLabel(status)}</StatusBadge>;
}
