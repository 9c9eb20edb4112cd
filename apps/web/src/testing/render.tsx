import { useEffect, type ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { AppRoutes } from '@/app/router';
import { TestProviders } from './test-providers';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // No retries: a failing call should show its failure state at once.
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

interface RenderOptions {
  path?: string;
  queryClient?: QueryClient;
  /** For tests on fake timers: `{ advanceTimers: vi.advanceTimersByTime }`. */
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders one component with the app's providers and a router at `path`. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', queryClient = createTestQueryClient(), userEventOptions }: RenderOptions = {},
) {
  // user-event's default `delay: 0` stays: with `delay: null` (no macrotask between the steps of
  // an action) Radix menus and dialogs missed clicks and seven tests failed, for ~10 % less CPU.
  const user = userEvent.setup(userEventOptions);
  const result = render(
    <TestProviders path={path} queryClient={queryClient}>
      {ui}
    </TestProviders>,
  );
  return { user, queryClient, ...result };
}

/** Renders the whole app (guards, lazy pages, shell) at `path`. */
export function renderApp(path = '/', options: Omit<RenderOptions, 'path'> = {}) {
  return renderWithProviders(<AppRoutes />, { ...options, path });
}

/**
 * Opens `page` the way another screen hands over to it (the gallery's View, a result's HD, Reuse
 * settings): a navigation to `to` carrying router `state`. Returns every location state the page
 * rendered with (`seen`), so a test can tell the page cleared it once read.
 */
export function renderArrival(
  to: string,
  page: ReactElement,
  state: unknown,
  options: Omit<RenderOptions, 'path'> = {},
) {
  const seen: unknown[] = [];
  function Launcher() {
    const navigate = useNavigate();
    useEffect(() => {
      void navigate(to, { state });
    }, [navigate]);
    return null;
  }
  function StateProbe() {
    seen.push(useLocation().state);
    return null;
  }
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/" element={<Launcher />} />
      <Route
        path={to.split('?')[0]}
        element={
          <>
            {page}
            <StateProbe />
          </>
        }
      />
    </Routes>,
    options,
  );
  return { ...rendered, seen };
}

/** The router's current path and query, as rendered by the location probe. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent;
}
