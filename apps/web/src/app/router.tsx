import { Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { RouteErrorBoundary } from '@/features/shell';
import { routes, topLevelPage } from './routes';

/** The app's routes; rendered inside a BrowserRouter (main.tsx) or a MemoryRouter (tests). */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary fullScreen>
      {/* One boundary per top-level page, as the shell has one per page: Preact's compat Suspense
          can put back empty a page it hid while another page's chunk loaded (ADR 065). */}
      <Suspense key={topLevelPage(pathname)} fallback={<FullScreenLoader />}>
        {element}
      </Suspense>
    </RouteErrorBoundary>
  );
}
