import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { SubscriptionState } from '../lib/subscription-display';

const badges = {
  active: { label: 'Active', variant: 'success', Icon: CircleCheck },
  expiring: { label: 'Expiring Soon', variant: 'warning', Icon: Clock },
  expired: { label: 'Expired', variant: 'destructive', Icon: CircleX },
} as const;

export function SubscriptionStatusBadge({ state }: { state: SubscriptionState }) {
  const { label, variant, Icon } = badges[state];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
