import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NextTask, SplitRenders } from './next-task';

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
