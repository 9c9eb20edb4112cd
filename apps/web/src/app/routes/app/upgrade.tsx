import { Crown } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function UpgradeRoute() {
  return (
    <ComingSoon
      title={paths.upgrade.title}
      icon={Crown}
      description="Upgrade to Pro for the Canvas Editor, video generation and 40 credits every month."
      highlights={[
        'Canvas Editor and video generation',
        '40 credits every month',
        'Unlimited gallery storage',
        'Pay in USD or INR',
      ]}
    />
  );
}
