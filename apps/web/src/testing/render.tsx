import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

/** The router's current path and query, as rendered by the location probe. */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent;
}
