import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { prefetchRouteData, preloadRoute } from '@/app/routes';
import { sessionQueryOptions } from '@/features/auth';
import { siteInfoQueryOptions } from '@/features/site';
import { warmClassMerge } from '@/lib/cn';
import { SplitRenders } from '@/lib/next-task';
import { createQueryClient } from '@/lib/query-client';
import { openStorage } from '@/lib/storage-warm-up';
import '@/styles/index.css';

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

// Preact renders each update in one synchronous pass, where React's first render was a transition
// that yielded every few milliseconds; the start-up is split into tasks by hand instead (ADR 066):
// the first requests in a task after the modules' evaluation, tailwind-merge's tables in the next
// (its first call builds them), the page's storage opened in the next (its first read waits on the
// browser), the first render after that, and the parts in <NextTask> a task after their parent.
setTimeout(() => {
  // Ask who is signed in, and fetch the first page's code, in parallel with the app starting up.
  // The HTML has asked for the session and the site info already (link preloads), and a page's
  // own copy for its code and first data too, so asking here, a task after the modules'
  // evaluation, costs the network nothing. A failed session call here is not final: the guard's
  // own query retries and shows the error. Once the user is known, the first page's data is
  // requested too.
  queryClient
    .query(sessionQueryOptions)
    .then((session) => {
      if (session.user) prefetchRouteData(window.location, queryClient, session.user.id);
    })
    .catch(() => undefined);
  // What this studio makes with each tool: a tool page's preview note then shows with the page's
  // first render instead of pushing the page down when it arrives.
  queryClient.query(siteInfoQueryOptions).catch(() => undefined);
  preloadRoute(window.location.pathname);
}, 0);
setTimeout(warmClassMerge, 0);
setTimeout(openStorage, 0);
setTimeout(() => {
  createRoot(container).render(
    <SplitRenders>
      <AppProvider queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProvider>
    </SplitRenders>,
  );
}, 0);
