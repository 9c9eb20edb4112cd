import { useEffect, useState } from 'react';
import { useQuery, type Query } from '@tanstack/react-query';
import type { PromoBanner } from '@studio/contract';
import { getPromoBanner, promoBannerQueryKey } from '../api/promo-banner';
import {
  isPromoDismissed,
  PROMO_REFETCH_MS,
  PROMO_RETRIES,
  PROMO_RETRY_DELAY_MS,
  PROMO_SHOW_DELAY_MS,
  rememberPromoDismissed,
  secondsUntil,
} from '../lib/promo-rules';

export interface PromoBannerView {
  banner: PromoBanner;
  /** Whole seconds until `end_date`; the banner is gone at 0. */
  secondsLeft: number;
  /** Hides it for the rest of the session (sessionStorage). */
  dismiss: () => void;
}

type PromoQuery = Query<PromoBanner | null, Error, PromoBanner | null, readonly ['promo-banner']>;

/** Shown, not retrying and not finished: only then is it asked again (every 10 min, on tab show). */
function isLive({ state }: PromoQuery): boolean {
  return (
    state.status === 'success' &&
    state.data != null &&
    state.fetchFailureCount === 0 &&
    secondsUntil(state.data.end_date, Date.now()) > 0
  );
}

/**
 * The promo banner's states (spec document 1 §4): loading, then hidden (no banner, or a failure)
 * or shown 1 s after it arrives; it counts down each second and hides at zero; dismissible for the
 * session; a failed fetch is tried 2 more times 15 s apart, then the banner hides; while shown it
 * is fetched again every 10 minutes and when the tab becomes visible. Null while nothing shows.
 */
export function usePromoBanner(): PromoBannerView | null {
  const [dismissed, setDismissed] = useState(isPromoDismissed);
  // Monotonic within a mount: once hidden (no banner, failure, zero) nothing fetches again.
  const [delayOver, setDelayOver] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const query = useQuery({
    queryKey: promoBannerQueryKey,
    queryFn: ({ signal }) => getPromoBanner(signal),
    enabled: !dismissed,
    retry: PROMO_RETRIES,
    retryDelay: PROMO_RETRY_DELAY_MS,
    // The spec's rule, online or not: a fetch that fails is a failure (no pausing while offline).
    networkMode: 'always',
    refetchInterval: (q) => (isLive(q) ? PROMO_REFETCH_MS : false),
    refetchOnWindowFocus: (q) => (isLive(q) ? 'always' : false),
    refetchOnReconnect: false,
  });

  const banner = dismissed || query.isError ? null : (query.data ?? null);
  const arrived = banner !== null;
  useEffect(() => {
    if (!arrived || delayOver) return;
    const timer = window.setTimeout(() => {
      setNow(Date.now());
      setDelayOver(true);
    }, PROMO_SHOW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [arrived, delayOver]);

  const secondsLeft = banner ? secondsUntil(banner.end_date, now) : 0;
  const ticking = delayOver && secondsLeft > 0;
  // The number comes from the clock, so a late tick never shows a wrong time.
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [ticking]);

  if (!banner || !ticking) return null;
  return {
    banner,
    secondsLeft,
    dismiss: () => {
      rememberPromoDismissed();
      setDismissed(true);
    },
  };
}
