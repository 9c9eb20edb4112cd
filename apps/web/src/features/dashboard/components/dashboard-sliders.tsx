import { useCurrentUser } from '@/features/auth';
import { useLatestResults } from '@/features/gallery';
import { LEFT_SLIDER, OWN_SLIDES, RIGHT_SLIDER, sliderSlides } from '../lib/slides';
import { ShowcaseCarousel } from './showcase-carousel';

/**
 * The two sliders of spec §2 Dashboard. Our showcase shows at once (never a spinner in the page's
 * largest picture); the user's own latest results take its other slides when they arrive. A failed or
 * empty results request simply leaves the showcase, with a line saying why when it failed.
 */
export function DashboardSliders() {
  const user = useCurrentUser();
  const latest = useLatestResults(user?.id ?? null, OWN_SLIDES);
  const { left, right } = sliderSlides(latest.data ?? []);
  const own = (latest.data?.length ?? 0) > 0;

  return (
    <div className="space-y-2">
      <div className="grid min-w-0 gap-4 lg:grid-cols-[3fr_2fr]">
        <ShowcaseCarousel
          label={own ? 'Your latest results' : 'Made with AI Product Studio'}
          slides={left}
          intervalMs={LEFT_SLIDER.intervalMs}
          priority
        />
        <ShowcaseCarousel
          label={own ? 'More of your results' : 'More examples'}
          slides={right}
          intervalMs={RIGHT_SLIDER.intervalMs}
        />
      </div>
      {latest.isError ? (
        <p className="text-sm text-muted-foreground">
          Your latest results could not be loaded, so these are our examples.
        </p>
      ) : null}
    </div>
  );
}
