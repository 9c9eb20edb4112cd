import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useInView } from './use-in-view';

/** An IntersectionObserver the test drives: `report` calls each live observer's callback. */
const observers = new Set<{ callback: IntersectionObserverCallback; live: boolean }>();
class FakeObserver {
  private readonly entry;
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, live: true };
    observers.add(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.live = false;
  }
}
function report(...states: { isIntersecting: boolean; intersectionRatio: number }[]) {
  act(() => {
    for (const observer of observers) {
      if (!observer.live) continue;
      observer.callback(
        states.map((state) => state as IntersectionObserverEntry),
        observer as unknown as IntersectionObserver,
      );
    }
  });
}
const IN = { isIntersecting: true, intersectionRatio: 1 };
const OUT = { isIntersecting: false, intersectionRatio: 0 };

function Probe({ once }: { once?: boolean }) {
  const [ref, inView] = useInView<HTMLDivElement>({
    rootMargin: '0px',
    threshold: 0.1,
    ...(once === undefined ? {} : { once }),
  });
  return <div ref={ref}>{inView ? 'in view' : 'out of view'}</div>;
}

describe('useInView', () => {
  afterEach(() => {
    observers.clear();
    vi.unstubAllGlobals();
  });

  it('latches at the first sight and stops observing, by default', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe />);
    expect(screen.getByText('out of view')).toBeInTheDocument();

    report(OUT, IN);
    expect(screen.getByText('in view')).toBeInTheDocument();
    expect([...observers].some((observer) => observer.live)).toBe(false);

    report(OUT);
    expect(screen.getByText('in view')).toBeInTheDocument();
  });

  it('with once off, follows the element in and out by its latest report', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe once={false} />);

    report(IN);
    expect(screen.getByText('in view')).toBeInTheDocument();
    report(IN, OUT);
    expect(screen.getByText('out of view')).toBeInTheDocument();
    report(IN);
    expect(screen.getByText('in view')).toBeInTheDocument();
  });

  it('counts everything as in view without IntersectionObserver, so content is never held back', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe once={false} />);

    expect(screen.getByText('in view')).toBeInTheDocument();
  });
});
