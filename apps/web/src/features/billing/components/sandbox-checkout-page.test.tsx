import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { renderApp } from '@/testing/render';
import { errorResponse, mockSignedIn, server } from '@/testing/server';
import { browserNavigation } from '../lib/browser-navigation';

function mockOrder(fields: Record<string, unknown> = {}) {
  server.use(
    http.get('/api/v1/payments/sandbox/orders/:orderId', ({ params }) =>
      HttpResponse.json({
        success: true,
        orderId: params.orderId,
        plan_display_name: 'Plus 4 Months',
        amount: 1360,
        currency: 'INR',
        credits: 80,
        status: 'pending',
        ...fields,
      }),
    ),
  );
}

function recordCompletions() {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/v1/payments/sandbox/complete', async ({ request }) => {
      const body = (await request.json()) as { orderId: string; outcome: string };
      bodies.push(body);
      return HttpResponse.json({
        success: true,
        status: body.outcome === 'paid' ? 'completed' : 'failed',
        redirect: `/?od=${body.orderId}`,
      });
    }),
  );
  return bodies;
}

async function openCheckout(orderId = 'ord_1') {
  mockSignedIn();
  const rendered = renderApp(`/checkout/sandbox/${orderId}`);
  await screen.findByRole('heading', { level: 1, name: 'Sandbox checkout' });
  return rendered;
}

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});

describe('sandbox checkout', () => {
  it('is clearly a test payment, outside the app shell, with the order summary', async () => {
    mockOrder();
    await openCheckout();

    expect(screen.getByText('Test payment')).toBeInTheDocument();
    expect(screen.getByText(/no real money moves/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    const summary = screen.getByText('Plan').closest('dl') as HTMLElement;
    expect(within(summary).getByText('Plus 4 Months')).toBeInTheDocument();
    expect(within(summary).getByText('80 credits')).toBeInTheDocument();
    expect(within(summary).getByText('₹1,360')).toBeInTheDocument();
  });

  it('says before paying what the order does to the running plan', async () => {
    const note =
      'Your current plan stays until it ends; Plus 4 Months starts on December 24, 2026.';
    mockOrder({ plan_change: note });
    await openCheckout();

    expect(screen.getByRole('note')).toHaveTextContent(note);
  });

  it.each([
    ['Pay', 'paid'],
    ['Fail payment', 'failed'],
    ['Cancel', 'cancelled'],
  ])('%s settles the order as %s and returns to the dashboard', async (button, outcome) => {
    mockOrder();
    const bodies = recordCompletions();
    const { user } = await openCheckout('ord_1');

    await user.click(screen.getByRole('button', { name: button }));

    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('/?od=ord_1');
    });
    expect(bodies).toEqual([{ orderId: 'ord_1', outcome }]);
  });

  it('shows the status of an order that is already settled instead of the buttons', async () => {
    mockOrder({ status: 'completed' });
    await openCheckout();

    expect(screen.getByText('This order is already completed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fail payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
  });

  it('says when the order does not exist', async () => {
    server.use(
      http.get('/api/v1/payments/sandbox/orders/:orderId', () =>
        errorResponse(404, 'not_found', 'Order not found'),
      ),
    );
    mockSignedIn();
    renderApp('/checkout/sandbox/ord_missing');

    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('shows why settling failed and stays on the page', async () => {
    mockOrder();
    server.use(
      http.post('/api/v1/payments/sandbox/complete', () =>
        errorResponse(409, 'conflict', 'This order is no longer pending.'),
      ),
    );
    const { user } = await openCheckout();

    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This order is no longer pending.');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });
});
