import type { ReactNode } from 'react';
import { Clock, Mail, Phone } from 'lucide-react';
import { SUPPORT_EMAIL, SUPPORT_HOURS } from '@studio/contract/constants';
import { Card, CardContent } from '@/components/ui/card';
import { useSiteInfo } from '@/features/site';

/**
 * /contact (spec §2 Contact): how to reach support, as the operator configured it (site-info).
 * Until that answer arrives the built-in address and hours show, so the page is never empty.
 */
export function ContactPage() {
  const { data: info } = useSiteInfo();
  const email = info?.supportEmail ?? SUPPORT_EMAIL;
  const phone = info?.supportPhone ?? null;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">Get in touch</h2>
        <p className="text-sm text-muted-foreground">
          Questions about plans, custom or enterprise pricing, billing or a cancellation? The AI
          Product Studio support team is here to help.
        </p>
      </div>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <dl className="space-y-5">
            <ContactRow icon={<Mail aria-hidden="true" className="size-5" />} label="Email">
              <a href={`mailto:${email}`} className="font-medium text-primary hover:underline">
                {email}
              </a>
            </ContactRow>
            <ContactRow icon={<Phone aria-hidden="true" className="size-5" />} label="Phone">
              {phone ? (
                <a
                  href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                  className="font-medium text-primary hover:underline"
                >
                  {phone}
                </a>
              ) : (
                <span className="text-muted-foreground">
                  Phone support is arranged on request: email us and we will call you back.
                </span>
              )}
            </ContactRow>
            <ContactRow icon={<Clock aria-hidden="true" className="size-5" />} label="Hours">
              {info?.supportHours ?? SUPPORT_HOURS}
            </ContactRow>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

function ContactRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div className="min-w-0 space-y-0.5">
        <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {label}
        </dt>
        <dd className="text-sm">{children}</dd>
      </div>
    </div>
  );
}
