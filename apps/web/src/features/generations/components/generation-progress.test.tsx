import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generationFixture } from '@/testing/generation-handlers';
import { renderWithProviders } from '@/testing/render';
import { GenerationProgress } from './generation-progress';

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
        generation={generationFixture({ status: 'running', queuePosition: null, progress: 65 })}
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
