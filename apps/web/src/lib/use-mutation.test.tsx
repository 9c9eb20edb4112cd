import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useMutation } from './use-mutation';

// Rendered without Testing Library's act(), which runs every effect at once: the bug lives in
// the gap the app has, between a render (with its layout effects) and its plain effects.
const container = document.createElement('div');
const root = createRoot(container);
afterEach(() => {
  root.render(null);
});

describe('useMutation', () => {
  it("runs the latest render's function when called before that render's plain effects", async () => {
    const client = new QueryClient();
    let run: () => Promise<string | null> = () => Promise.reject(new Error('not rendered'));
    function BuyButton({ userId }: { userId: string | null }) {
      const mutation = useMutation({ mutationFn: () => Promise.resolve(userId) });
      run = () => mutation.mutateAsync();
      return null;
    }
    const renderWith = (userId: string | null) => {
      root.render(
        <QueryClientProvider client={client}>
          <BuyButton userId={userId} />
        </QueryClientProvider>,
      );
    };

    renderWith(null);
    // Let the first render's plain effects run (after paint: a frame, or Preact's timeout).
    await new Promise((resolve) => setTimeout(resolve, 100));
    renderWith('user-1');

    // The click lands in the same task as the render, as one right after paint would.
    expect(await run()).toBe('user-1');
  });
});
