import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

// Toasts are never part of first paint; loading the region lazily keeps sonner out of the entry chunk.
const Toaster = lazy(() => import('@/components/ui/toaster'));

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** App-wide providers. The query client is passed in so tests get a fresh one each. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
