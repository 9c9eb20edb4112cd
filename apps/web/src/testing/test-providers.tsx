import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProvider } from '@/app/provider';

/** Renders the current location, so tests can assert where the app navigated. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div hidden data-testid="location">
      {`${location.pathname}${location.search}`}
    </div>
  );
}

/** The app's providers around a memory router starting at `path`. */
export function TestProviders({
  path,
  queryClient,
  children,
}: {
  path: string;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>
  );
}
