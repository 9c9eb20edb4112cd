import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { pickValue } from '@/testing/events';
import {
  creditHistoryFailureHandlers,
  generationHistoryBody,
  generationHistoryHandler,
  generationRow,
  orderHistoryBody,
  orderHistoryHandler,
  orderRow,
} from '@/testing/credit-history-handlers';
import { renderApp } from '@/testing/render';
import { mockSignedIn, server, testUser } from '@/testing/server';
import type { GenerationHistoryItem, OrderHistoryItem } from '@studio/contract';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

async function openCreditHistory({
  orders = [],
  generations = [],
  balance = 0,
}: {
  orders?: OrderHistoryItem[];
  generations?: GenerationHistoryItem[];
  balance?: number;
} = {}) {
  mockSignedIn();
  server.use(orderHistoryHandler(orders, balance), generationHistoryHandler(generations, balance));
  const rendered = renderApp('/credit-history');
  // The first render in a file also loads the page's code, which can take a while under jsdom.
  await screen.findByRole('tab', { name: 'Purchase History' }, { timeout: 5000 });
  return rendered;
}

function stat(label: string) {
  return screen.getByRole('group', { name: label });
}

/** The body rows of a history table (without its header row). */
function bodyRows(tableName: string) {
  const table = screen.getByRole('table', { name: tableName });
  return within(table).getAllByRole('row').slice(1);
}

describe('credit history page', () => {
  it('shows the title, period selector, filters and tabs', async () => {
    await openCreditHistory();

    expect(screen.getByRole('heading', { level: 2, name: 'Credit History' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveDisplayValue('All Time');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByLabelText('Start date')).toBeInTheDocument();
    expect(screen.getByLabelText('End date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Usage History' })).toBeInTheDocument();
  });

  it("asks for the signed-in user's history and says it is loading until both answer", async () => {
    const requested: string[] = [];
    mockSignedIn();
    server.use(
      http.get('/api/v1/credit-transactions/order-history/:userId', ({ params }) => {
        requested.push(String(params.userId));
        return HttpResponse.json(orderHistoryBody());
      }),
      http.get('/api/v1/credit-transactions/generation-history/:userId', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderApp('/credit-history');

    const loading = await screen.findByText('Loading credit history...', {}, { timeout: 5000 });
    expect(loading).toHaveAttribute('role', 'status');
    await waitFor(() => {
      expect(requested).toEqual([testUser.id]);
    });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows an error with Retry, and loads the history when Retry succeeds', async () => {
    mockSignedIn();
    server.use(...creditHistoryFailureHandlers());
    const { user } = renderApp('/credit-history');

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent("We couldn't load your credit history.");
    expect(alert).toHaveTextContent('History is unavailable');

    server.use(orderHistoryHandler([orderRow({ plan_display_name: 'Pro Monthly' })], 40));
    server.use(generationHistoryHandler([], 40));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('cell', { name: 'Pro Monthly' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sums the banner from completed orders (not welcome credits) and successful generations', async () => {
    await openCreditHistory({
      balance: 31,
      orders: [
        orderRow({ credits_received: 40, status: 'completed' }),
        orderRow({ credits_received: 160, status: 'pending' }),
        orderRow({
          plan_display_name: 'Welcome credits',
          credits_received: 5,
          amount: 0,
          source: 'welcome',
        }),
      ],
      generations: [
        generationRow({ credits_used: 10 }),
        generationRow({ credits_used: 4 }),
        generationRow({ credits_used: 5, status: 'refunded', details: { imageUrls: [] } }),
        generationRow({
          generation_type: 'credit_expiry',
          display_name: 'Expired plan credits',
          credits_used: 20,
          status: 'expired',
          details: { imageUrls: [] },
        }),
      ],
    });

    expect(stat('Current Balance')).toHaveTextContent('31 credits');
    // The welcome credits are listed but are not a purchase.
    expect(stat('Total Purchased')).toHaveTextContent('40 credits');
    expect(stat('Total Purchased')).toHaveTextContent('From 1 order');
    expect(stat('Total Used')).toHaveTextContent('14 credits');
    expect(stat('Total Used')).toHaveTextContent('From 2 generations');
    // 14 / 40 = 35 %
    expect(stat('Usage Rate')).toHaveTextContent('35%');
  });

  it('shows a 0% usage rate when nothing was purchased', async () => {
    await openCreditHistory({ generations: [generationRow({ credits_used: 3 })] });

    expect(stat('Total Used')).toHaveTextContent('3 credits');
    expect(stat('Usage Rate')).toHaveTextContent('0%');
  });

  it('recomputes totals and lists for the chosen period', async () => {
    const { user } = await openCreditHistory({
      orders: [
        orderRow({
          plan_display_name: 'Pro Monthly',
          credits_received: 40,
          created_at: daysAgo(3),
        }),
        orderRow({
          plan_display_name: 'Plus 4 Months',
          credits_received: 80,
          created_at: daysAgo(45),
        }),
      ],
      generations: [
        generationRow({ credits_used: 10, timestamp: daysAgo(2) }),
        generationRow({ credits_used: 6, timestamp: daysAgo(60) }),
      ],
    });
    expect(stat('Total Purchased')).toHaveTextContent('120 credits');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 Days');

    expect(stat('Total Purchased')).toHaveTextContent('40 credits');
    expect(stat('Total Used')).toHaveTextContent('10 credits');
    expect(stat('Usage Rate')).toHaveTextContent('25%');
    expect(bodyRows('Purchase history')).toHaveLength(1);
    expect(screen.getByRole('cell', { name: 'Pro Monthly' })).toBeInTheDocument();
  });

  it('lists purchases with amount, short order id and a status badge per colour', async () => {
    await openCreditHistory({
      orders: [
        orderRow({
          id: 'ord_completed_1',
          plan_display_name: 'Pro Monthly',
          amount: 800,
          currency: 'INR',
          status: 'completed',
        }),
        orderRow({ id: 'ord_pending_2', status: 'pending' }),
        orderRow({ id: 'ord_failed_3', status: 'failed' }),
        orderRow({ id: 'ord_processing_4', status: 'processing' }),
        orderRow({ id: 'ord_refunded_5', status: 'refunded' }),
      ],
    });

    const [first] = bodyRows('Purchase history');
    expect(first).toBeDefined();
    const row = within(first as HTMLElement);
    expect(row.getByRole('cell', { name: 'Pro Monthly' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '+40' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '₹800' })).toBeInTheDocument();
    expect(row.getByText('ord_comp…')).toHaveAttribute('title', 'ord_completed_1');

    const tones = {
      Completed: 'green',
      Pending: 'yellow',
      Failed: 'red',
      Processing: 'blue',
      Refunded: 'grey',
    };
    for (const [label, tone] of Object.entries(tones)) {
      expect(screen.getByText(label, { selector: '[data-tone]' })).toHaveAttribute(
        'data-tone',
        tone,
      );
    }
  });

  it('searches purchases by plan, order id or status and says when filters hide everything', async () => {
    const { user } = await openCreditHistory({
      orders: [
        orderRow({ id: 'ord_alpha', plan_display_name: 'Pro Monthly' }),
        orderRow({ id: 'ord_beta', plan_display_name: 'Plus Yearly', status: 'failed' }),
      ],
    });
    const search = screen.getByRole('searchbox', { name: 'Search' });

    // The server filters the list (ADR 044): the answer comes once typing pauses.
    await user.type(search, 'PLUS');
    await waitFor(() => {
      expect(bodyRows('Purchase history')).toHaveLength(1);
    });
    expect(screen.getByRole('cell', { name: 'Plus Yearly' })).toBeInTheDocument();

    // Both rows match the cleared box and the first letters ('o', 'ord'…), and the last answer stays
    // up until the next arrives: a pause between keys on a busy machine lists both for a moment,
    // so the row and the count are awaited together.
    await user.clear(search);
    await user.type(search, 'ord_alp');
    await waitFor(() => {
      expect(screen.getByRole('cell', { name: 'Pro Monthly' })).toBeInTheDocument();
      expect(bodyRows('Purchase history')).toHaveLength(1);
    });

    await user.clear(search);
    await user.type(search, 'failed');
    await waitFor(() => {
      expect(screen.getByRole('cell', { name: 'Plus Yearly' })).toBeInTheDocument();
      expect(bodyRows('Purchase history')).toHaveLength(1);
    });

    await user.clear(search);
    await user.type(search, 'enterprise');
    expect(await screen.findByText('No purchase history found')).toBeInTheDocument();
    expect(
      screen.getByText('Try adjusting your filters to find transactions.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(search).toHaveValue('');
    await waitFor(() => {
      expect(bodyRows('Purchase history')).toHaveLength(2);
    });
  });

  it('says no purchases were made yet when nothing is filtered', async () => {
    await openCreditHistory();

    expect(screen.getByText('No purchase history found')).toBeInTheDocument();
    expect(screen.getByText("You haven't made any credit purchases yet.")).toBeInTheDocument();
  });

  it('keeps rows on both the start and the end date', async () => {
    const at = (day: number, hour: number) => new Date(2026, 0, day, hour).toISOString();
    await openCreditHistory({
      orders: [
        orderRow({ plan_display_name: 'Day 4', created_at: at(4, 23) }),
        orderRow({ plan_display_name: 'Day 5 early', created_at: at(5, 0) }),
        orderRow({ plan_display_name: 'Day 10 late', created_at: at(10, 23) }),
        orderRow({ plan_display_name: 'Day 11', created_at: at(11, 0) }),
      ],
    });

    pickValue(screen.getByLabelText('Start date'), '2026-01-05');
    pickValue(screen.getByLabelText('End date'), '2026-01-10');

    await waitFor(() => {
      const names = bodyRows('Purchase history').map(
        (row) => within(row).getAllByRole('cell')[1]?.textContent,
      );
      expect(names).toEqual(['Day 5 early', 'Day 10 late']);
    });
  });

  it('shows a failed generation as refunded and leaves it out of the totals', async () => {
    const { user } = await openCreditHistory({
      orders: [orderRow({ credits_received: 40 })],
      generations: [
        generationRow({
          generation_type: 'video-generation',
          display_name: 'Video Generation',
          credits_used: 5,
          // Only a still came back: a video generation without a video failed.
          details: { imageUrls: ['https://cdn.example/still.jpg'], videoUrls: [] },
        }),
        generationRow({ display_name: 'Image Upscaler', credits_used: 2 }),
        generationRow({
          generation_type: 'credit_expiry',
          display_name: 'Expired plan credits',
          credits_used: 12,
          status: 'expired',
          details: { imageUrls: [] },
        }),
      ],
    });
    await user.click(screen.getByRole('tab', { name: 'Usage History' }));

    const [video, upscale, expiry] = bodyRows('Usage history').map((row) => within(row));
    expect(video?.getByText('Failed')).toHaveAttribute('data-tone', 'red');
    expect(video?.getByText('5 credits refunded')).toBeInTheDocument();
    expect(upscale?.getByText('Success')).toHaveAttribute('data-tone', 'green');
    expect(expiry?.getByText('Expired')).toHaveAttribute('data-tone', 'grey');
    expect(expiry?.getByText('12 credits')).toBeInTheDocument();

    expect(stat('Total Used')).toHaveTextContent('2 credits');
    expect(stat('Total Used')).toHaveTextContent('From 1 generation');
    expect(stat('Usage Rate')).toHaveTextContent('5%');

    const breakdown = within(screen.getByRole('region', { name: 'Usage Breakdown' }));
    expect(breakdown.getAllByRole('listitem')).toHaveLength(1);
    expect(breakdown.getByText('Image Upscaler')).toBeInTheDocument();
    expect(breakdown.getByText('2 credits')).toBeInTheDocument();
  });

  it('searches usage by type, name or prompt', async () => {
    const { user } = await openCreditHistory({
      generations: [
        generationRow({
          generation_type: 'background-removal',
          display_name: 'Background Removal',
          prompt: 'red sneakers',
        }),
        generationRow({ generation_type: 'photoshoot', display_name: 'Product AI Photoshoot' }),
      ],
    });
    await user.click(screen.getByRole('tab', { name: 'Usage History' }));
    const search = screen.getByRole('searchbox', { name: 'Search' });

    // The server filters the usage list (ADR 044): the answer comes once typing pauses.
    for (const query of ['background-rem', 'removal', 'SNEAKERS']) {
      await user.clear(search);
      await user.type(search, query);
      await waitFor(() => {
        expect(bodyRows('Usage history')).toHaveLength(1);
      });
      expect(screen.getByText('red sneakers')).toBeInTheDocument();
    }

    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('No generation history found')).toBeInTheDocument();
  });

  it('says there is no generation history when there is none', async () => {
    const { user } = await openCreditHistory();
    await user.click(screen.getByRole('tab', { name: 'Usage History' }));

    expect(screen.getByText('No generation history found')).toBeInTheDocument();
  });

  it('expands a generation to its details, first 4 images and video links', async () => {
    const images = Array.from({ length: 6 }, (_, i) => `https://cdn.example/out/${i + 1}.jpg`);
    const { user } = await openCreditHistory({
      generations: [
        generationRow({
          generation_type: 'photoshoot',
          display_name: 'Product AI Photoshoot',
          prompt: 'linen shirt on a beach',
          details: {
            imageUrls: images,
            videoUrls: ['https://cdn.example/out/clip.mp4'],
            inputImageUrls: ['https://cdn.example/in/1.jpg', 'https://cdn.example/in/2.jpg'],
            styleName: 'Summer Editorial',
            numberOfImages: 6,
            numberOfVideos: 1,
          },
        }),
      ],
    });
    await user.click(screen.getByRole('tab', { name: 'Usage History' }));
    const toggle = screen.getByRole('button', { name: /^Details for Product AI Photoshoot/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeNull();
    const panel = within(details as HTMLElement);
    expect(panel.getByText('Images generated').nextElementSibling).toHaveTextContent('6');
    expect(panel.getByText('Videos generated').nextElementSibling).toHaveTextContent('1');
    expect(panel.getByText('Style').nextElementSibling).toHaveTextContent('Summer Editorial');
    expect(panel.getByText('Input images').nextElementSibling).toHaveTextContent('2');
    expect(panel.getByRole('link', { name: 'Video 1' })).toHaveAttribute(
      'href',
      'https://cdn.example/out/clip.mp4',
    );
    expect(panel.getAllByRole('img', { name: /^Generated image/ })).toHaveLength(4);
    expect(panel.getByText('+2 more')).toBeInTheDocument();

    fireEvent.error(panel.getByRole('img', { name: 'Generated image 2' }));
    expect(panel.getByText('Image unavailable')).toBeInTheDocument();
    expect(panel.getAllByRole('img', { name: /^Generated image/ })).toHaveLength(3);

    await user.click(toggle);
    expect(screen.queryByText('+2 more')).not.toBeInTheDocument();
  });

  it('pages 10 rows by default, offers 5, 20 and 50, and returns to page 1 on a filter change', async () => {
    const orders = Array.from({ length: 23 }, (_, i) =>
      orderRow({
        id: `ord_${String(i + 1).padStart(2, '0')}`,
        plan_display_name: `Order ${i + 1}`,
      }),
    );
    const { user } = await openCreditHistory({ orders });
    const pages = within(screen.getByRole('navigation', { name: 'Purchase history pages' }));

    expect(bodyRows('Purchase history')).toHaveLength(10);
    expect(pages.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(pages.getByRole('button', { name: 'Next' }));
    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(pages.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(bodyRows('Purchase history')).toHaveLength(3);
    expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

    const rowsPerPage = pages.getByRole('combobox', { name: 'Rows per page' });
    const options = within(rowsPerPage).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '20', '50']);
    await user.selectOptions(rowsPerPage, '5');
    expect(bodyRows('Purchase history')).toHaveLength(5);
    expect(pages.getByText('Page 1 of 5')).toBeInTheDocument();

    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(pages.getByText('Page 2 of 5')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Order 1');
    await waitFor(() => {
      expect(pages.getByText('Page 1 of 3')).toBeInTheDocument();
    });
    expect(screen.getByRole('cell', { name: 'Order 1' })).toBeInTheDocument();
  });

  it('asks the server for the next usage page when Next needs it, and shows pages it has again', async () => {
    const generations = Array.from({ length: 12 }, (_, i) =>
      generationRow({ id: `gen_page_${String(i + 1).padStart(2, '0')}`, prompt: `run ${i + 1}` }),
    );
    const cursors: (string | null)[] = [];
    mockSignedIn();
    server.use(
      orderHistoryHandler([]),
      http.get('/api/v1/credit-transactions/generation-history/:userId', async ({ request }) => {
        const query = new URL(request.url).searchParams;
        cursors.push(query.get('cursor'));
        if (query.has('cursor')) await delay(50);
        return HttpResponse.json(generationHistoryBody(generations, 0, query));
      }),
    );
    const { user } = renderApp('/credit-history');
    await user.click(await screen.findByRole('tab', { name: 'Usage History' }, { timeout: 5000 }));
    const pages = within(screen.getByRole('navigation', { name: 'Usage history pages' }));
    expect(bodyRows('Usage history')).toHaveLength(10);
    expect(pages.getByText('Page 1')).toBeInTheDocument();
    expect(pages.getByText('Showing 1–10')).toBeInTheDocument();

    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading more usage history...');
    await waitFor(() => {
      expect(bodyRows('Usage history')).toHaveLength(2);
    });
    expect(pages.getByText('Page 2')).toBeInTheDocument();
    expect(pages.getByText('Showing 11–12')).toBeInTheDocument();
    // The last page: nothing follows.
    expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(pages.getByRole('button', { name: 'Previous' }));
    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(bodyRows('Usage history')).toHaveLength(2);
    // First page, then the next page once: pages already loaded are not asked for again.
    expect(cursors).toEqual([null, '10']);
  });

  it('says when the next usage page fails, keeps the rows shown, and loads it on Retry', async () => {
    const generations = Array.from({ length: 11 }, () => generationRow());
    let failNext = true;
    mockSignedIn();
    server.use(
      orderHistoryHandler([]),
      http.get('/api/v1/credit-transactions/generation-history/:userId', ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (query.has('cursor') && failNext)
          return HttpResponse.json(
            { success: false, error: { code: 'internal_error', message: 'Try later' } },
            { status: 500 },
          );
        return HttpResponse.json(generationHistoryBody(generations, 0, query));
      }),
    );
    const { user } = renderApp('/credit-history');
    await user.click(await screen.findByRole('tab', { name: 'Usage History' }, { timeout: 5000 }));
    const pages = within(screen.getByRole('navigation', { name: 'Usage history pages' }));

    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText("We couldn't load the next page of your usage history."),
    ).toBeInTheDocument();
    expect(bodyRows('Usage history')).toHaveLength(10);

    failNext = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(bodyRows('Usage history')).toHaveLength(1);
    });
    expect(pages.getByText('Page 2')).toBeInTheDocument();
  });
});
