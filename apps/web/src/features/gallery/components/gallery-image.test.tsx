import { act, fireEvent, render, screen } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodedPreview } from '../lib/thumbhash-url';
import { GalleryImage, SLOW_IMAGE_MS } from './gallery-image';

const thumbhash = btoa(String.fromCharCode(...rgbaToThumbHash(2, 2, new Uint8Array(16).fill(200))));

/** A controllable IntersectionObserver: tests decide when the image comes into view. */
function stubIntersectionObserver() {
  const observers: {
    options: IntersectionObserverInit | undefined;
    reveal: (ratio: number) => void;
  }[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({
        options,
        reveal: (ratio) => {
          callback(
            [{ isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
        },
      });
    }
    observe(): void {}
    disconnect(): void {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observers;
}

function renderImage(priority: boolean, src: string | null = '/api/v1/media/a/thumbnail') {
  return render(
    <GalleryImage
      src={src}
      thumbhash={thumbhash}
      alt="Red dress"
      priority={priority}
      video={false}
    />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('GalleryImage', () => {
  it('loads a priority image at once, eagerly and with high fetch priority', () => {
    const observers = stubIntersectionObserver();
    renderImage(true);

    const image = screen.getByRole('img', { name: 'Red dress' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(observers).toHaveLength(0);
  });

  it('keeps a lazy image as a placeholder until it is 10 % visible within 50 px', () => {
    const observers = stubIntersectionObserver();
    renderImage(false);

    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('image-placeholder')).toBeInTheDocument();
    expect(observers[0]?.options).toEqual({ rootMargin: '50px', threshold: 0.1 });

    act(() => {
      observers[0]?.reveal(0.05);
    });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    act(() => {
      observers[0]?.reveal(0.1);
    });
    const image = screen.getByRole('img', { name: 'Red dress' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByTestId('image-placeholder')).not.toBeInTheDocument();
  });

  it('shows the blurred preview, then fades the image in once loaded', async () => {
    renderImage(false);

    expect((await screen.findByTestId('image-preview')).style.backgroundImage).toMatch(
      /^url\("data:image\/png;base64,/,
    );
    const image = screen.getByRole('img', { name: 'Red dress' });
    expect(image).toHaveClass('opacity-0');

    fireEvent.load(image);
    expect(image).toHaveClass('opacity-100');
    // A cut-out's transparent pixels show the card, not the blur behind them.
    expect(screen.queryByTestId('image-preview')).not.toBeInTheDocument();
  });

  it('decodes the blurred preview in a task after the render, and reuses it when shown again', () => {
    vi.useFakeTimers();
    const hash = btoa(String.fromCharCode(...rgbaToThumbHash(2, 2, new Uint8Array(16).fill(90))));
    const image = (key: string) => (
      <GalleryImage
        key={key}
        src="/api/v1/media/b/thumbnail"
        thumbhash={hash}
        alt="Blue coat"
        priority
        video={false}
      />
    );
    const { rerender } = render(image('first'));
    // Not in the render that shows the card: a page of twelve decodes was its longest task.
    expect(screen.queryByTestId('image-preview')).not.toBeInTheDocument();
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByTestId('image-preview')).toBeInTheDocument();

    // The same card again (back to the page): its preview is there with the first render.
    rerender(image('again'));
    expect(screen.getByTestId('image-preview')).toBeInTheDocument();
  });

  it('decodes no preview for an image that loaded first', () => {
    vi.useFakeTimers();
    const hash = btoa(String.fromCharCode(...rgbaToThumbHash(2, 2, new Uint8Array(16).fill(30))));
    render(
      <GalleryImage
        src="/api/v1/media/c/thumbnail"
        thumbhash={hash}
        alt="Green scarf"
        priority
        video={false}
      />,
    );
    fireEvent.load(screen.getByRole('img', { name: 'Green scarf' }));
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(decodedPreview(hash)).toBeUndefined();
  });

  it('loads at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderImage(false);
    expect(screen.getByRole('img', { name: 'Red dress' })).toBeInTheDocument();
  });

  it('reserves the square with the image size, so nothing shifts when it arrives', () => {
    renderImage(false);
    const image = screen.getByRole('img', { name: 'Red dress' });
    expect(image).toHaveAttribute('width', '256');
    expect(image).toHaveAttribute('height', '256');
    expect(image.parentElement).toHaveClass('aspect-square');
  });

  it('shows the whole picture in the square, never a centre crop that cuts a head off', () => {
    renderImage(true);
    const image = screen.getByRole('img', { name: 'Red dress' });
    // object-fit is the only thing that decides crop versus letterbox for a portrait thumbnail.
    expect(image).toHaveClass('object-contain');
    expect(image).not.toHaveClass('object-cover');
    expect(image.parentElement).toHaveClass('bg-muted');
  });

  it('shows a spinner only when the image is still loading after 800 ms', () => {
    vi.useFakeTimers();
    renderImage(false);

    act(() => {
      vi.advanceTimersByTime(SLOW_IMAGE_MS - 1);
    });
    expect(screen.queryByTestId('image-spinner')).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('image-spinner')).toBeInTheDocument();

    fireEvent.load(screen.getByRole('img'));
    expect(screen.queryByTestId('image-spinner')).not.toBeInTheDocument();
  });

  it('never shows the spinner for an image that loads quickly', () => {
    vi.useFakeTimers();
    renderImage(false);

    fireEvent.load(screen.getByRole('img'));
    act(() => {
      vi.advanceTimersByTime(SLOW_IMAGE_MS * 2);
    });
    expect(screen.queryByTestId('image-spinner')).not.toBeInTheDocument();
  });

  it("says 'Image unavailable' when the image fails", () => {
    renderImage(true);
    fireEvent.error(screen.getByRole('img'));

    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Image unavailable')).toBeInTheDocument();
  });

  it('shows that there is no preview when the generation has no image', () => {
    renderImage(true, null);
    expect(screen.getByText('No preview')).toBeInTheDocument();
  });
});
