import { History } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function CreditHistoryRoute() {
  return (
    <ComingSoon
      title={paths.creditHistory.title}
      icon={History}
      description="See every credit purchase and what each generation cost, with failed generations refunded automatically."
      highlights={[
        'Purchase history',
        'Usage by tool',
        'Automatic refunds, visible',
        'Date and period filters',
      ]}
    />
  );
}
