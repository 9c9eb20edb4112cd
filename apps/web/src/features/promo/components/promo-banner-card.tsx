import { useId, type MouseEvent } from 'react';
import { ArrowUpRight, Gift, Sparkles, Timer, X, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { PromoVariant } from '@studio/contract/promo';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import type { PromoBannerView } from '../hooks/use-promo-banner';
import { countdownShows, countdownSummary, formatCountdown } from '../lib/countdown';

interface VariantStyle {
  icon: LucideIcon;
  /** Backgrounds dark enough for white text (WCAG AA) at every point of the gradient. */
  surface: string;
  /** The discount and the call to action: white, in the variant's colour. */
  accent: string;
}

const variantStyles: Record<PromoVariant, VariantStyle> = {
  urgent: {
    icon: Zap,
    surface: 'from-red-700 to-orange-700',
    accent: 'text-red-700 hover:bg-red-50',
  },
  gift: {
    icon: Gift,
    surface: 'from-emerald-700 to-teal-700',
    accent: 'text-emerald-800 hover:bg-emerald-50',
  },
  default: {
    icon: Sparkles,
    surface: 'from-brand-700 to-fuchsia-700',
    accent: 'text-brand-700 hover:bg-brand-50',
  },
};

/**
 * The banner itself (loaded only when there is one): a named region with the title, discount,
 * message, countdown and call to action, and a dismiss button. The ticking number is not
 * announced (`role="timer"`, `aria-live="off"`); a polite line says how long is left in days,
 * hours, or 'less than an hour', so a screen reader hears it a few times, not every second.
 */
export default function PromoBannerCard({ banner, secondsLeft, dismiss }: PromoBannerView) {
  const titleId = useId();
  const style = variantStyles[banner.variant];
  const Icon = style.icon;
  const counting = countdownShows(secondsLeft, banner.timer_duration);
  const ctaClass = cn(
    buttonVariants({ variant: 'secondary' }),
    'h-auto min-h-10 w-full bg-white py-2 text-center whitespace-normal focus-visible:outline-white sm:w-auto',
    style.accent,
  );

  const onDismiss = (event: MouseEvent<HTMLButtonElement>) => {
    // The button is about to go: focus moves to the page, not to the top of the document.
    event.currentTarget.closest<HTMLElement>('main')?.focus();
    dismiss();
  };

  return (
    <section
      aria-labelledby={titleId}
      data-variant={banner.variant}
      className={cn(
        'relative animate-fade-in rounded-xl bg-gradient-to-r p-4 pr-12 text-white shadow-card sm:p-5 sm:pr-14',
        style.surface,
      )}
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h2 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere]">
                {banner.title}
              </h2>
              {banner.discount ? (
                <span
                  className={cn(
                    'rounded-full bg-white px-2.5 py-0.5 text-sm font-bold [overflow-wrap:anywhere]',
                    style.accent,
                  )}
                >
                  {banner.discount}
                </span>
              ) : null}
            </div>
            {banner.sub_message ? (
              <p className="text-sm text-white/90 [overflow-wrap:anywhere]">{banner.sub_message}</p>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {counting ? (
            <p className="flex items-center gap-1.5 text-sm">
              <Timer aria-hidden="true" className="size-4" />
              Ends in
              <span
                role="timer"
                aria-live="off"
                className="font-mono text-base font-semibold tabular-nums"
              >
                {formatCountdown(secondsLeft)}
              </span>
            </p>
          ) : (
            <p className="text-sm">Offer ends {formatDateTime(banner.end_date)}</p>
          )}
          {banner.cta_link.startsWith('/') ? (
            <Link to={banner.cta_link} className={ctaClass}>
              {banner.cta_text}
            </Link>
          ) : (
            <a
              href={banner.cta_link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${banner.cta_text} (opens in a new tab)`}
              className={ctaClass}
            >
              {banner.cta_text}
              <ArrowUpRight aria-hidden="true" />
            </a>
          )}
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {counting ? countdownSummary(secondsLeft) : ''}
      </p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss promotion"
        className="absolute top-2 right-2 rounded-md p-2 text-white/85 hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
