import { Settings } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function AccountSettingsRoute() {
  return (
    <ComingSoon
      title={paths.accountSettings.title}
      icon={Settings}
      description="Review your account details and sign-in methods, and delete your account if you ever need to."
      highlights={[
        'Account type, credits and last sign-in',
        'Sign-in methods',
        'Account deletion with confirmation',
      ]}
    />
  );
}
