import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditsQueryKey } from '@/features/credits';
import { currentLocation, renderApp, renderWithProviders } from '@/testing/render';
import { errorResponse, mockSignedIn, server, testUser } from '@/testing/server';
import { subscriptionStatusQueryOptions } from '../api/subscription-status';
import { OrderStatusBanner } from './order-status-banner';

function mockOrderStatus(...answers: { status: string; message: string }[]) {
  let call = 0;
  server.use(
    http.post('/api/v1/order/status', async ({ request }) => {
      const { orderId, userId } = (await request.json()) as { orderId: string; userId: string };
      expect(userId).toBe(testUser.id);
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      return HttpResponse.json({
        success: true,
        orderId,
        credits: 160,
        plan_display_name: 'Pro 4 Months',
        ...answer,
      });
    }),
  );
  return { calls: () => call };
}

function renderBanner(path = '/?od=ord_1&tab=x') {
  mockSignedIn();
  return renderWithProviders(<OrderStatusBanner />, { path });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  // Timers advance by themselves (so MSW and Testing Library keep working) and can be jumped.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('OrderStatusBanner', () => {
  it('shows nothing without an order id', async () => {
    mockSignedIn();
    renderWithProviders(<OrderStatusBanner />, { path: '/' });

    await advance(100);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the order, shows a completed payment in green for 5 s, then clears it and od', async () => {
    // Time moves only when the test moves it: with it also following the wall clock, a busy machine
    // let more than the last 100 ms pass between the banner showing and the check at 4.9 s.
    vi.useFakeTimers({ shouldAdvanceTime: false });
    mockOrderStatus({ status: 'completed', message: 'Payment successful! 160 credits added.' });
    renderBanner();

    // vi.waitFor polls on the real clock, so the answer arrives while the faked one stands still.
    await vi.waitFor(
      () => {
        expect(screen.getByRole('status')).toHaveTextContent(
          'Payment successful! 160 credits added.',
        );
      },
      { timeout: 10_000 },
    );
    expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'success');

    await advance(4_900);
    expect(screen.getByText('Payment successful! 160 credits added.')).toBeInTheDocument();
    await advance(100);

    expect(screen.queryByText('Payment successful! 160 credits added.')).not.toBeInTheDocument();
    // Only od goes; other parameters stay.
    expect(currentLocation()).toBe('/?tab=x');
  });

  it('shows a failed payment in red', async () => {
    mockOrderStatus({ status: 'failed', message: 'Payment failed. No credits were charged.' });
    renderBanner();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed. No credits were charged.');
    expect(alert).toHaveAttribute('data-tone', 'destructive');
  });

  it('shows an order it cannot read in red', async () => {
    server.use(
      http.post('/api/v1/order/status', () => errorResponse(404, 'not_found', 'Order not found')),
    );
    renderBanner();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Order not found');
    expect(alert).toHaveAttribute('data-tone', 'destructive');
    await advance(5_000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['refunded', 'This payment was refunded.'],
    ['cancelled', 'This order was cancelled.'],
    ['expired', 'This checkout expired before it was paid.'],
  ])('shows a %s order in yellow for 5 s, then clears it', async (status, message) => {
    mockOrderStatus({ status, message });
    renderBanner();

    await vi.waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent(message);
    });
    expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'warning');
    await advance(5_000);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/?tab=x');
  });

  it('keeps checking every 2 s while the payment is pending', async () => {
    const order = mockOrderStatus(
      { status: 'pending', message: 'Waiting for the payment provider.' },
      { status: 'processing', message: 'Processing.' },
      { status: 'completed', message: 'Payment successful!' },
    );
    renderBanner();

    await vi.waitFor(() => {
      expect(order.calls()).toBe(1);
    });
    expect(screen.getByText('Checking payment status...')).toBeInTheDocument();
    await advance(2_000);
    expect(order.calls()).toBe(2);
    expect(screen.getByText('Checking payment status...')).toBeInTheDocument();
    await advance(2_000);

    await vi.waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('Payment successful!');
    });
    expect(order.calls()).toBe(3);
  });

  it('stops after 20 s and shows the pending status in yellow', async () => {
    const order = mockOrderStatus({ status: 'pending', message: 'Payment is still pending.' });
    renderBanner();
    await vi.waitFor(() => {
      expect(order.calls()).toBe(1);
    });

    await advance(19_000);
    expect(screen.getByText('Checking payment status...')).toBeInTheDocument();
    await advance(1_000);

    expect(screen.getByRole('status')).toHaveTextContent('Payment is still pending.');
    expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'warning');
    const calls = order.calls();
    expect(calls).toBeLessThanOrEqual(11);
    await advance(10_000);
    expect(order.calls()).toBe(calls);
  });

  it('refreshes the credits and the plan once the order completed', async () => {
    mockOrderStatus({ status: 'completed', message: 'Payment successful!' });
    const { queryClient } = renderBanner();
    queryClient.setQueryData(creditsQueryKey(testUser.id), 5);
    queryClient.setQueryData(subscriptionStatusQueryOptions(testUser.id).queryKey, {
      type: 'free',
      subscriptionCode: 101,
      subscriptionId: null,
      endingTimestamp: null,
      transactionTimestamp: null,
      previousType: null,
    });

    await screen.findByText('Payment successful!');

    await vi.waitFor(() => {
      expect(queryClient.getQueryState(creditsQueryKey(testUser.id))?.isInvalidated).toBe(true);
    });
    expect(
      queryClient.getQueryState(subscriptionStatusQueryOptions(testUser.id).queryKey)
        ?.isInvalidated,
    ).toBe(true);
  });
});

describe('dashboard', () => {
  it('shows the order banner above the greeting', async () => {
    mockSignedIn();
    renderApp('/?od=ord_9');

    expect(
      await screen.findByText('Payment successful! 160 credits have been added to your account.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' }),
    ).toBeInTheDocument();
  });
});
