import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Generation } from '@studio/contract';
import { generationFixture } from '@/testing/generation-handlers';
import { renderWithProviders } from '@/testing/render';
import { formatDuration } from '../lib/progress-estimate';
import { GenerationProgress, TAKING_LONGER_MESSAGE } from './generation-progress';

describe('GenerationProgress', () => {
  it('says it is starting before the server answered, without a Cancel button', () => {
    renderWithProviders(<GenerationProgress generation={null} onCancel={vi.fn()} />);

    expect(screen.getByRole('status')).toHaveTextContent('Starting…');
    expect(screen.queryByRole('button', { name: 'Cancel generation' })).not.toBeInTheDocument();
  });

  it('shows the place in the queue', () => {
    renderWithProviders(
      <GenerationProgress generation={generationFixture({ status: 'queued', queuePosition: 2 })} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Queued — position 2 in queue');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says it is waiting when the queue position is unknown', () => {
    renderWithProviders(
      <GenerationProgress
        generation={generationFixture({ status: 'queued', queuePosition: null })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Queued — waiting for a free slot');
  });

  it('shows the progress while running, and cancels', async () => {
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <GenerationProgress
        generation={generationFixture({
          status: 'running',
          queuePosition: null,
          elapsedMs: 6_500,
          expectedMs: 9_500,
        })}
        onCancel={onCancel}
      />,
    );

    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute(
      'aria-valuenow',
      '65',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel generation' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('says how long a queued run usually takes', () => {
    renderWithProviders(
      <GenerationProgress
        generation={generationFixture({ status: 'queued', queuePosition: 3, expectedMs: 55_000 })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Queued — position 3 in queue');
    expect(screen.getByText('Usually takes about 55 s once it starts.')).toBeInTheDocument();
  });

  describe('against the estimate, as time passes', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const bar = () => screen.getByRole('progressbar', { name: 'Generation progress' });
    const advance = (ms: number) => {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    };
    const running = (overrides: Partial<Generation>) =>
      generationFixture({ status: 'running', queuePosition: null, ...overrides });

    it('moves between polls toward 95 % at the estimate, saying the time left', () => {
      renderWithProviders(
        <GenerationProgress generation={running({ elapsedMs: 2_000, expectedMs: 20_000 })} />,
      );
      expect(bar()).toHaveAttribute('aria-valuenow', '10');
      expect(bar()).toHaveAttribute('aria-valuetext', 'Generating, 10 %, about 20 s left');

      advance(8_000);
      expect(bar()).toHaveAttribute('aria-valuenow', '48');
      expect(bar()).toHaveAttribute('aria-valuetext', 'Generating, 48 %, about 10 s left');

      advance(10_000);
      expect(bar()).toHaveAttribute('aria-valuenow', '95');
      expect(screen.getByRole('status')).toHaveTextContent('Generating…');
    });

    it('never parks at 99 %: past the estimate it says it is taking longer than usual', () => {
      renderWithProviders(
        <GenerationProgress generation={running({ elapsedMs: 50_000, expectedMs: 55_000 })} />,
      );
      const seen = new Set<string | null>();
      for (let i = 0; i < 20; i++) {
        seen.add(bar().getAttribute('aria-valuenow'));
        advance(500);
      }
      expect(seen.has('99')).toBe(false);
      expect(bar()).not.toHaveAttribute('aria-valuenow');
      expect(bar()).toHaveAttribute('aria-valuetext', 'Taking longer than usual');
      expect(screen.getByRole('status')).toHaveTextContent(TAKING_LONGER_MESSAGE);
      // Still the Cancel button and the bar: the work goes on.
      expect(bar()).toBeInTheDocument();
    });

    it('names the saving stage', () => {
      renderWithProviders(
        <GenerationProgress
          generation={running({ stage: 'saving', elapsedMs: 15_000, expectedMs: 20_000 })}
        />,
      );
      expect(screen.getByRole('status')).toHaveTextContent('Saving your result…');
      expect(bar()).toHaveAttribute('aria-valuetext', 'Saving your result, 71 %, about 5 s left');
    });

    it('re-anchors on each poll and never moves back when one lands a little behind', () => {
      // No providers around it, so a rerender updates the same component (a poll's answer).
      const { rerender } = render(
        <GenerationProgress generation={running({ elapsedMs: 10_000, expectedMs: 20_000 })} />,
      );
      advance(2_000);
      expect(bar()).toHaveAttribute('aria-valuenow', '57');
      // The next answer says 11.5 s (its request left before the last tick).
      rerender(
        <GenerationProgress generation={running({ elapsedMs: 11_500, expectedMs: 20_000 })} />,
      );
      expect(bar()).toHaveAttribute('aria-valuenow', '57');
      advance(1_000);
      expect(bar()).toHaveAttribute('aria-valuenow', '59');
    });
  });

  it('says durations as a person would', () => {
    expect(formatDuration(400)).toBe('1 s');
    expect(formatDuration(8_200)).toBe('8 s');
    expect(formatDuration(54_000)).toBe('55 s');
    expect(formatDuration(85_000)).toBe('85 s');
    expect(formatDuration(150_000)).toBe('3 min');
  });

  it('says the provider still decides after a cancel of work it has, and takes no second cancel', async () => {
    const onCancel = vi.fn();
    const { user } = renderWithProviders(
      <GenerationProgress
        generation={generationFixture({ status: 'running', progress: 40, cancelRequested: true })}
        onCancel={onCancel}
      />,
    );

    expect(screen.getByRole('status')).toHaveTextContent(
      'Canceling… The provider may still finish it first: then you keep the result and its credits are used.',
    );
    const cancel = screen.getByRole('button', { name: 'Cancel generation' });
    expect(cancel).toBeDisabled();
    await user.click(cancel);
    expect(onCancel).not.toHaveBeenCalled();
  });

  describe('without a connection', () => {
    const goOffline = () => {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
    };
    const goOnline = () => {
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    };
    afterEach(goOnline);

    it('says a started run goes on at the server and resumes here, until back online', () => {
      renderWithProviders(
        <GenerationProgress generation={generationFixture({ status: 'queued' })} />,
      );
      const status = screen.getByRole('status');
      expect(status).not.toHaveTextContent('Connection lost');

      goOffline();
      expect(status).toHaveTextContent(
        'Connection lost. Your generation continues on our servers and will resume here when you are back online.',
      );

      goOnline();
      expect(status).not.toHaveTextContent('Connection lost');
    });

    it('says a run not yet sent starts when back online and is charged once', () => {
      renderWithProviders(<GenerationProgress generation={null} />);

      goOffline();

      expect(screen.getByRole('status')).toHaveTextContent(
        'Starting…Connection lost. Your generation will start when you are back online, and is charged once.',
      );
    });

    it('says the connection was lost when polls cannot reach the server', () => {
      renderWithProviders(
        <GenerationProgress
          generation={generationFixture({ status: 'running', queuePosition: null })}
          connectionLost
        />,
      );

      expect(screen.getByRole('status')).toHaveTextContent(
        'Connection lost. Your generation continues on our servers',
      );
    });
  });
});
