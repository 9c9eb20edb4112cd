import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ResultGrid } from './result-grid';

const urls = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => `/api/v1/media/${id}`);

describe('ResultGrid', () => {
  it("shows four results and a '+N more' tile for the rest", () => {
    renderWithProviders(<ResultGrid urls={urls} />);

    const list = screen.getByRole('list', { name: 'Results' });
    expect(within(list).getAllByRole('img')).toHaveLength(4);
    expect(within(list).getByRole('img', { name: 'Result 4' })).toHaveAttribute('src', urls[3]);
    expect(within(list).getByText('+2 more')).toBeInTheDocument();
  });

  it('shows no tile for four or fewer', () => {
    renderWithProviders(<ResultGrid urls={urls.slice(0, 4)} />);
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('renders actions under each result', () => {
    renderWithProviders(
      <ResultGrid
        urls={urls.slice(0, 2)}
        renderActions={(url, index) => <a href={url}>Open {index + 1}</a>}
      />,
    );
    expect(screen.getByRole('link', { name: 'Open 2' })).toHaveAttribute('href', urls[1]);
  });
});
