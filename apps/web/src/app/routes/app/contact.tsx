import { Mail } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function ContactRoute() {
  return (
    <ComingSoon
      title={paths.contact.title}
      icon={Mail}
      description="Get in touch with our team by email or phone, Mon-Fri, 9am-6pm IST."
      highlights={[
        'Email and phone support',
        'Custom and enterprise plans',
        'Cancellation requests',
      ]}
    />
  );
}
