import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  generationHistoryHandler,
  orderHistoryHandler,
  orderRow,
} from '@/testing/credit-history-handlers';
import { renderApp } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';

describe('receipt download on Credit History', () => {
  it('links each paid order to its receipt PDF, and nothing else', async () => {
    mockSignedIn();
    server.use(
      orderHistoryHandler([
        orderRow({ id: '6f1c2a4e-0000-4000-8000-000000000001', status: 'completed' }),
        orderRow({ id: '6f1c2a4e-0000-4000-8000-000000000002', status: 'refunded' }),
        orderRow({ id: '6f1c2a4e-0000-4000-8000-000000000003', status: 'pending' }),
        orderRow({ id: '6f1c2a4e-0000-4000-8000-000000000004', status: 'failed' }),
        orderRow({ id: 'welcome:abc', status: 'completed', source: 'welcome' }),
      ]),
      generationHistoryHandler([]),
    );
    renderApp('/credit-history');
    const table = await screen.findByRole('table', { name: 'Purchase history' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);

    const links = within(table).getAllByRole('link', { name: 'Download receipt' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api/v1/orders/6f1c2a4e-0000-4000-8000-000000000001/receipt.pdf',
      '/api/v1/orders/6f1c2a4e-0000-4000-8000-000000000002/receipt.pdf',
    ]);
    for (const link of links) expect(link).toHaveAttribute('download');
    // Unpaid orders and the welcome credits have none.
    for (const row of rows.slice(2)) {
      expect(within(row).queryByRole('link', { name: 'Download receipt' })).toBeNull();
    }
  });
});
