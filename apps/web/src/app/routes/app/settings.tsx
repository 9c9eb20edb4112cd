import { SlidersHorizontal } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function SettingsRoute() {
  return (
    <ComingSoon
      title={paths.settings.title}
      icon={SlidersHorizontal}
      description="Change your name and password, and manage how you are signed in."
      highlights={['Change your name', 'Change your password', 'Logout and account deletion']}
    />
  );
}
