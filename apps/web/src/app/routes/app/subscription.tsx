import { CreditCard } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function SubscriptionRoute() {
  return (
    <ComingSoon
      title={paths.subscription.title}
      icon={CreditCard}
      description="Choose a plan or top up credits in USD or INR, and see when your current plan ends."
      highlights={[
        'Free, Plus and Pro plans',
        'Monthly, 4-month or yearly',
        'One-time credit top-ups that never expire',
      ]}
    />
  );
}
