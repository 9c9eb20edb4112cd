import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** Sidebar promo for free and plus users (the caller decides when it shows). */
export function UpgradePromo() {
  return (
    <section
      aria-labelledby="upgrade-promo-title"
      className="rounded-xl bg-gradient-to-br from-brand-600 to-fuchsia-600 p-3.5 text-white shadow-sm"
    >
      <div className="flex items-center gap-2">
        <Crown aria-hidden="true" className="size-4" />
        <h2 id="upgrade-promo-title" className="text-sm font-semibold">
          Upgrade to Pro
        </h2>
      </div>
      <p className="mt-1.5 text-xs leading-relaxed text-white/85">
        Canvas Editor, video generation and 40 credits every month.
      </p>
      <Link
        to={paths.upgrade.path}
        className={cn(
          buttonVariants({ size: 'sm', variant: 'secondary' }),
          'mt-3 w-full bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-white',
        )}
      >
        Upgrade Now
      </Link>
    </section>
  );
}
