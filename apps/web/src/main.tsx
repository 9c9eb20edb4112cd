import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { prefetchRouteData, preloadRoute } from '@/app/routes';
import { sessionQueryOptions } from '@/features/auth';
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
preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
