import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pickValue } from '@/testing/events';
import { mediaUrl } from '@/testing/generation-handlers';
import { renderWithProviders } from '@/testing/render';
import { ResultViewer, type ViewerItem } from './result-viewer';

const items: ViewerItem[] = [
  { url: mediaUrl('out_1'), name: 'Red dress 1', filename: 'red-1.jpg', beforeUrl: mediaUrl('in') },
  { url: mediaUrl('out_2'), name: 'Red dress 2', filename: 'red-2.jpg', beforeUrl: mediaUrl('in') },
  { url: mediaUrl('out_3'), name: 'Red dress 3', filename: 'red-3.jpg', beforeUrl: null },
];

function Harness({ start = 0 }: { start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <ResultViewer
      items={items}
      index={index}
      onIndexChange={setIndex}
      onClose={() => {
        setIndex(null);
      }}
      renderActions={() => <a href="/photoshoot">Open in tool</a>}
    />
  );
}

// jsdom decodes no images: the viewer reads the size the browser would report on load. The file
// size comes from the shared test server's HEAD answer (250 880 bytes).
const natural = { width: 0, height: 0 };
beforeEach(() => {
  Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', {
    configurable: true,
    get: () => natural.width,
  });
  Object.defineProperty(HTMLImageElement.prototype, 'naturalHeight', {
    configurable: true,
    get: () => natural.height,
  });
});
afterEach(() => {
  natural.width = 0;
  natural.height = 0;
});

const dialog = () => screen.getByRole('dialog');

describe('ResultViewer', () => {
  it('shows the result full size with its resolution, file size, download and the caller’s actions', async () => {
    renderWithProviders(<Harness />);
    expect(within(dialog()).getByRole('heading', { name: 'Red dress 1' })).toBeInTheDocument();
    expect(dialog()).toHaveAccessibleDescription(/1 of 3/);
    natural.width = 1200;
    natural.height = 800;
    fireEvent.load(within(dialog()).getByRole('img', { name: 'Red dress 1' }));
    expect(await within(dialog()).findByText('1200 × 800 px')).toBeInTheDocument();
    expect(await within(dialog()).findByText('245 KB')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: 'Open in tool' })).toBeInTheDocument();
  });

  it('compares with the original through a divider the keyboard moves', async () => {
    const { user } = renderWithProviders(<Harness />);
    const compare = within(dialog()).getByRole('button', { name: 'Compare with original' });
    expect(compare).toHaveAttribute('aria-pressed', 'false');
    await user.click(compare);
    expect(compare).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog()).getByRole('img', { name: 'Original of Red dress 1' })).toHaveAttribute(
      'src',
      mediaUrl('in'),
    );
    const divider = within(dialog()).getByRole('slider', { name: 'Original and result divider' });
    expect(divider).toHaveValue('50');
    divider.focus();
    pickValue(divider, '70');
    expect(divider).toHaveAttribute('aria-valuetext', '70% original, 30% result');
    // Arrow keys on the divider move the divider, not to another result.
    await user.keyboard('{ArrowRight}');
    expect(within(dialog()).getByRole('heading', { name: 'Red dress 1' })).toBeInTheDocument();
  });

  it('moves between results with the arrow keys and the buttons, and closes on Escape', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.keyboard('{ArrowRight}');
    expect(within(dialog()).getByRole('heading', { name: 'Red dress 2' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Next result' }));
    expect(within(dialog()).getByRole('heading', { name: 'Red dress 3' })).toBeInTheDocument();
    // No input to compare with: no compare button.
    expect(
      within(dialog()).queryByRole('button', { name: 'Compare with original' }),
    ).not.toBeInTheDocument();
    // At the end, Next stays put.
    await user.click(within(dialog()).getByRole('button', { name: 'Next result' }));
    expect(within(dialog()).getByRole('heading', { name: 'Red dress 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog()).getByRole('heading', { name: 'Red dress 2' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('follows a swipe: left for the next result, right for the previous', () => {
    renderWithProviders(<Harness start={1} />);
    const picture = within(dialog()).getByRole('img', { name: 'Red dress 2' });
    fireEvent.pointerDown(picture, { clientX: 300, clientY: 200 });
    fireEvent.pointerUp(picture, { clientX: 180, clientY: 210 });
    expect(within(dialog()).getByRole('heading', { name: 'Red dress 3' })).toBeInTheDocument();
    const next = within(dialog()).getByRole('img', { name: 'Red dress 3' });
    fireEvent.pointerDown(next, { clientX: 100, clientY: 200 });
    fireEvent.pointerUp(next, { clientX: 260, clientY: 190 });
    expect(within(dialog()).getByRole('heading', { name: 'Red dress 2' })).toBeInTheDocument();
    // A mostly vertical move is a scroll, not a swipe.
    fireEvent.pointerDown(picture, { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(picture, { clientX: 160, clientY: 300 });
    expect(within(dialog()).getByRole('heading', { name: 'Red dress 2' })).toBeInTheDocument();
  });
});
