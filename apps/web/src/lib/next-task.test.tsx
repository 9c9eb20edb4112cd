import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGrowingCount } from './growing-count';
import { NextTask, SplitRenders } from './next-task';

function Cards({ total, more = true }: { total: number; more?: boolean }) {
  const count = useGrowingCount(total, 2, more);
  return (
    <ul aria-label="Cards" data-count={String(count)}>
      {Array.from({ length: Math.min(count, total) }, (_, i) => (
        <li key={i}>Card {i + 1}</li>
      ))}
    </ul>
  );
}

describe('NextTask', () => {
  it('renders its children with its parent outside SplitRenders', () => {
    render(
      <>
        <p>Header</p>
        <NextTask>
          <p>Sidebar links</p>
        </NextTask>
      </>,
    );

    expect(screen.getByText('Sidebar links')).toBeInTheDocument();
  });

  it('inside SplitRenders, renders its children in a later task than its parent', async () => {
    render(
      <SplitRenders>
        <p>Header</p>
        <NextTask>
          <p>Sidebar links</p>
        </NextTask>
      </SplitRenders>,
    );

    expect(screen.getByText('Header')).toBeInTheDocument();
    expect(screen.queryByText('Sidebar links')).not.toBeInTheDocument();
    expect(await screen.findByText('Sidebar links')).toBeInTheDocument();
  });
});

describe('useGrowingCount', () => {
  it('renders the whole list at once outside SplitRenders', () => {
    render(<Cards total={5} />);

    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('inside SplitRenders, renders the first items, then the rest a few at a time', async () => {
    render(
      <SplitRenders>
        <Cards total={5} />
      </SplitRenders>,
    );

    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(await screen.findByText('Card 5')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('inside SplitRenders, holds at its first items while paused, and goes on when resumed', async () => {
    const { rerender } = render(
      <SplitRenders>
        <Cards total={5} more={false} />
      </SplitRenders>,
    );
    // Several tasks later, still the first items only.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    rerender(
      <SplitRenders>
        <Cards total={5} />
      </SplitRenders>,
    );

    expect(await screen.findByText('Card 5')).toBeInTheDocument();
  });

  it('inside SplitRenders, shows a longer list whole once every item has shown', async () => {
    const { rerender } = render(
      <SplitRenders>
        <Cards total={2} />
      </SplitRenders>,
    );
    // Every card has shown and the count has settled; then a new card arrives (a fixed image).
    await waitFor(() => {
      expect(screen.getByRole('list', { name: 'Cards' })).toHaveAttribute('data-count', 'Infinity');
    });

    rerender(
      <SplitRenders>
        <Cards total={3} />
      </SplitRenders>,
    );

    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});
