import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { LEFT_SHOWCASE } from '../lib/slides';
import { ShowcaseCarousel } from './showcase-carousel';

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The slide a sighted user sees: hidden slides are not in the accessibility tree. */
function shownSlide(): string | null {
  return screen.getByRole('group').getAttribute('aria-label');
}

function renderCarousel(intervalMs = 4_000) {
  return renderWithProviders(
    <ShowcaseCarousel label="Showcase" slides={LEFT_SHOWCASE} intervalMs={intervalMs} priority />,
    { userEventOptions: { advanceTimers: vi.advanceTimersByTime } },
  );
}

function preferReducedMotion() {
  const matchMedia = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    Object.assign(matchMedia(query), {
      matches: query === '(prefers-reduced-motion: reduce)',
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ShowcaseCarousel', () => {
  it('is a labelled carousel whose one visible slide is named "n of N"', () => {
    renderCarousel();

    const region = screen.getByRole('region', { name: 'Showcase' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getByRole('group', { name: '1 of 5' })).toHaveAttribute(
      'aria-roledescription',
      'slide',
    );
    expect(screen.getByRole('img', { name: LEFT_SHOWCASE[0]?.alt })).toBeVisible();
  });

  it('turns to the next slide every interval and wraps around', async () => {
    renderCarousel(4_000);

    await advance(3_900);
    expect(shownSlide()).toBe('1 of 5');
    await advance(100);
    expect(shownSlide()).toBe('2 of 5');
    for (const slide of ['3 of 5', '4 of 5', '5 of 5', '1 of 5']) {
      await advance(4_000);
      expect(shownSlide()).toBe(slide);
    }
  });

  it('keeps its own interval', async () => {
    renderCarousel(3_500);

    await advance(3_500);
    expect(shownSlide()).toBe('2 of 5');
  });

  it('waits while the pointer is over it and goes on when it leaves', async () => {
    const { user } = renderCarousel();
    const region = screen.getByRole('region', { name: 'Showcase' });

    await user.hover(region);
    await advance(12_000);
    expect(shownSlide()).toBe('1 of 5');

    await user.unhover(region);
    await advance(4_000);
    expect(shownSlide()).toBe('2 of 5');
  });

  it('waits while keyboard focus is inside it', async () => {
    renderCarousel();

    act(() => {
      screen.getByRole('button', { name: 'Next slide' }).focus();
    });
    await advance(12_000);
    expect(shownSlide()).toBe('1 of 5');

    act(() => {
      screen.getByRole('button', { name: 'Next slide' }).blur();
    });
    await advance(4_000);
    expect(shownSlide()).toBe('2 of 5');
  });

  it('steps by hand with previous and next', async () => {
    const { user } = renderCarousel();

    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()).toBe('5 of 5');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('2 of 5');
  });

  it('stops and starts with the pause button, announcing slides only while stopped', async () => {
    const { user } = renderCarousel();
    const slides = screen.getByRole('group').parentElement;
    expect(slides).toHaveAttribute('aria-live', 'off');

    await user.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    await user.unhover(screen.getByRole('region', { name: 'Showcase' }));
    act(() => {
      screen.getByRole('button', { name: 'Start automatic slide show' }).blur();
    });
    await advance(12_000);
    expect(shownSlide()).toBe('1 of 5');
    expect(slides).toHaveAttribute('aria-live', 'polite');

    await user.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    await user.unhover(screen.getByRole('region', { name: 'Showcase' }));
    act(() => {
      screen.getByRole('button', { name: 'Stop automatic slide show' }).blur();
    });
    await advance(4_000);
    expect(shownSlide()).toBe('2 of 5');
  });

  it('never turns by itself for users who prefer reduced motion', async () => {
    preferReducedMotion();
    const { user } = renderCarousel();

    await advance(20_000);
    expect(shownSlide()).toBe('1 of 5');
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeDisabled();
    // Stepping by hand still works.
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toBe('2 of 5');
  });

  it('loads only its first picture eagerly, every picture with its size', () => {
    renderCarousel();

    const images = Array.from(document.querySelectorAll('img'));
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'lazy',
      'lazy',
      'lazy',
      'lazy',
    ]);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    for (const image of images) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });
});
