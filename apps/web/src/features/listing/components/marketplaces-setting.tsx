import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

// The six marketplaces' names come with their rules: loaded after the page, not with it.
const MarketplaceChoices = lazy(() => import('./marketplace-choices'));

/** /settings' "Marketplaces": where the seller lists, for the badges on cards and results. */
export function MarketplacesSetting() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Marketplaces</CardTitle>
        <CardDescription>
          Where you list your products. Each image in your gallery and each result shows whether it
          meets the image rules of the marketplaces you tick.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-24 w-full" />}>
          <MarketplaceChoices />
        </Suspense>
      </CardContent>
    </Card>
  );
}
