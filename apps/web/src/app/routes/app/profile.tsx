import { UserRound } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function ProfileRoute() {
  return (
    <ComingSoon
      title={paths.profile.title}
      icon={UserRound}
      description="See and edit your name, company and phone number, check your credit balance and when you joined."
      highlights={[
        'Edit your profile details',
        'Credit balance at a glance',
        'Quick links to plans and history',
      ]}
    />
  );
}
