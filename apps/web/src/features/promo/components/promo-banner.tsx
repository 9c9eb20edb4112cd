import { lazy, Suspense } from 'react';
import { usePromoBanner } from '../hooks/use-promo-banner';

// The card's code (styles, icons, countdown text) loads only once a banner is there to show;
// the dashboard itself carries just the fetch and the timers.
const PromoBannerCard = lazy(() => import('./promo-banner-card'));

/** The dashboard's promo banner (spec document 1 §2 Dashboard, §4 Promo banner; ADR 028). */
export function PromoBanner() {
  const view = usePromoBanner();
  if (!view) return null;
  return (
    <Suspense fallback={null}>
      <PromoBannerCard {...view} />
    </Suspense>
  );
}
