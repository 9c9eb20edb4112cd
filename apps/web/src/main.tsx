import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { prefetchRouteData, preloadRoute } from '@/app/routes';
import { sessionQueryOptions } from '@/features/auth';
import { siteInfoQueryOptions } from '@/features/site';
import { createQueryClient } from '@/lib/query-client';
import '@/styles/index.css';

const queryClient = createQueryClient();
// Ask who is signed in, and fetch the first page's code, in parallel with React starting up.
// A failed session call here is not final: the guard's own query retries and shows the error.
// Once the user is known, the first page's data is requested too (the gallery's list).
queryClient
  .query(sessionQueryOptions)
  .then((session) => {
    if (session.user) prefetchRouteData(window.location, queryClient, session.user.id);
  })
  .catch(() => undefined);
// What this studio makes with each tool (index.html preloads it too): a tool page's preview note
// then shows with the page's first render instead of pushing the page down when it arrives.
queryClient.query(siteInfoQueryOptions).catch(() => undefined);
preloadRoute(window.location.pathname);
const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const root = createRoot(container);
// A transition render yields to the browser every few milliseconds instead of building the whole
// shell in one long task: on a phone the page answers taps while it renders (Lighthouse TBT
// 0.48 → 0.30 s on /, docs/performance.md).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
});
