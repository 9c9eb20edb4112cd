import { Suspense } from 'react';
import { useRoutes } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { RouteErrorBoundary } from '@/features/shell';
import { routes } from './routes';

/** The app's routes; rendered inside a BrowserRouter (main.tsx) or a MemoryRouter (tests). */
export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary fullScreen>
      <Suspense fallback={<FullScreenLoader />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
