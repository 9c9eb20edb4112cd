import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { generationFixture } from '@/testing/generation-handlers';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
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

describe('ResultGrid: the viewer', () => {
  it('opens a result full size from View, compared with the run’s input, and says its size', async () => {
    server.use(
      http.get('/api/v1/generations/gen_1', () =>
        HttpResponse.json({
          success: true,
          generation: generationFixture({
            id: 'gen_1',
            status: 'succeeded',
            imageUrls: urls.slice(0, 2),
            inputImageUrls: ['/api/v1/media/input'],
          }),
        }),
      ),
    );
    const { user } = renderWithProviders(
      <ResultGrid urls={urls.slice(0, 2)} generationId="gen_1" />,
    );
    await user.click(screen.getByRole('button', { name: 'View Result 2' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Result 2' })).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Compare with original' }));
    expect(within(dialog).getByRole('img', { name: 'Original of Result 2' })).toHaveAttribute(
      'src',
      '/api/v1/media/input',
    );
  });

  it('opens the results behind the +N more tile', async () => {
    const { user } = renderWithProviders(<ResultGrid urls={urls} />);
    await user.click(screen.getByRole('button', { name: '+2 more: view them' }));
    expect(
      within(screen.getByRole('dialog')).getByRole('heading', { name: 'Result 5' }),
    ).toBeInTheDocument();
  });
});
