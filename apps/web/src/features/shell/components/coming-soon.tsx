import type { LucideIcon } from 'lucide-react';
import { ArrowLeft, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

interface ComingSoonProps {
  title: string;
  icon: LucideIcon;
  /** What the page will do, in the user's terms. */
  description: string;
  /** A few concrete things the page will offer. */
  highlights?: readonly string[];
}

/** Placeholder for pages that are not built yet: says what is coming instead of a blank screen. */
export function ComingSoon({ title, icon: Icon, description, highlights = [] }: ComingSoonProps) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="relative mx-auto max-w-2xl overflow-hidden rounded-2xl border border-border bg-surface px-6 py-10 text-center shadow-card sm:px-10 sm:py-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-gradient-to-b from-brand-50 to-transparent"
      />
      <div className="relative flex flex-col items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-md">
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <Badge variant="brand">
          <Hourglass aria-hidden="true" />
          Coming soon
        </Badge>
        <h2 id="coming-soon-title" className="text-2xl font-semibold tracking-tight text-balance">
          {title}
        </h2>
        <p className="max-w-lg text-base text-pretty text-muted-foreground">{description}</p>
        {highlights.length > 0 ? (
          <ul className="mt-2 grid w-full max-w-lg gap-2 text-left text-sm sm:grid-cols-2">
            {highlights.map((item) => (
              <li key={item} className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2">
                <span
                  aria-hidden="true"
                  className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-500"
                />
                {item}
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          to={paths.home.path}
          className={buttonVariants({ variant: 'outline', className: 'mt-4' })}
        >
          <ArrowLeft aria-hidden="true" />
          Back to dashboard
        </Link>
      </div>
    </section>
  );
}
