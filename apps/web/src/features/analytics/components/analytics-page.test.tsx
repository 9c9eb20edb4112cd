import { fireEvent, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '@studio/contract';
import { analyticsHandler, emptyAnalytics } from '@/testing/analytics-handlers';
import { renderApp } from '@/testing/render';
import { errorResponse, mockSignedIn, server } from '@/testing/server';

async function openAnalytics() {
  mockSignedIn();
  renderApp('/analytics');
  // The first render in a file also loads the page's code, which can take a while under jsdom.
  await screen.findByRole('heading', { level: 2, name: 'Analytics' }, { timeout: 5000 });
}

const card = (label: string) => screen.getByRole('group', { name: label });
const chartRows = async () => {
  const table = await screen.findByRole('table', { name: 'Daily Activity' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);
};

/** A week with two product images on Tuesday and one try-on on Wednesday. */
function busyWeek(range: AnalyticsResponse['range']): AnalyticsResponse {
  const data = emptyAnalytics(range);
  if (range !== '7d') return data;
  return {
    ...data,
    periods: data.periods.map((period) =>
      period.label === 'Tue'
        ? { ...period, productImages: 2 }
        : period.label === 'Wed'
          ? { ...period, tryOnSessions: 1 }
          : period,
    ),
    totals: { productImages: 2, tryOnSessions: 1, fashionExtractions: 0 },
    peak: 'Tue',
    tools: [{ type: 'photoshoot', label: 'Product AI Photoshoot', credits: 2, succeeded: 2 }],
    outcomes: { succeeded: 3, finished: 4 },
  };
}

describe('analytics page', () => {
  it('shows a fresh account zeros on every card and bar, 7 Days chosen', async () => {
    await openAnalytics();

    expect(await screen.findByRole('group', { name: 'Total Product Images' })).toHaveTextContent(
      '0',
    );
    expect(card('Total Try-On Sessions')).toHaveTextContent('0');
    expect(card('Fashion Extractions')).toHaveTextContent('0');
    expect(card('Peak Usage')).toHaveTextContent('—');
    expect(screen.getByRole('button', { name: '7 Days' })).toHaveAttribute('aria-pressed', 'true');
    for (const bar of screen.getAllByRole('progressbar')) {
      expect(bar).toHaveAttribute('aria-valuenow', '0');
    }
    expect(screen.getByText('No credits spent in this range.')).toBeInTheDocument();
    expect(card('Success rate')).toHaveTextContent('—');
  });

  it('relabels the chart and rescales the trends when the range changes', async () => {
    await openAnalytics();
    expect(await chartRows()).toEqual(['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed']);
    expect(
      screen.getByRole('progressbar', { name: 'Average Product Images per day' }),
    ).toHaveAttribute('aria-valuemax', '150');

    fireEvent.click(screen.getByRole('button', { name: '30 Days' }));

    expect(await screen.findByRole('rowheader', { name: 'Week 4' })).toBeInTheDocument();
    expect(await chartRows()).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4']);
    expect(screen.getByRole('button', { name: '30 Days' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('progressbar', { name: 'Average Try-On Sessions per week' }),
    ).toHaveAttribute('aria-valuemax', '400');

    fireEvent.click(screen.getByRole('button', { name: '90 Days' }));

    expect(await screen.findByRole('rowheader', { name: 'Month 3' })).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Average Fashion Extractions per month' }),
    ).toHaveAttribute('aria-valuemax', '960');
  });

  it('shows the totals, peak, per-day counts, credits per tool and success rate it is given', async () => {
    server.use(analyticsHandler(busyWeek));
    await openAnalytics();

    expect(await screen.findByRole('group', { name: 'Peak Usage' })).toHaveTextContent('Tue');
    expect(card('Total Product Images')).toHaveTextContent('2');
    expect(card('Total Try-On Sessions')).toHaveTextContent('1');
    const tuesday = screen.getByRole('row', { name: /^Tue/ });
    expect(
      within(tuesday)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '0', '0']);
    expect(screen.getByRole('list', { name: 'Credits per tool' })).toHaveTextContent(
      'Product AI Photoshoot2 credits',
    );
    expect(card('Success rate')).toHaveTextContent('75%');
  });

  it('asks for the browser’s time zone', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('/api/v1/analytics', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json(emptyAnalytics('7d'));
      }),
    );
    await openAnalytics();
    await screen.findByRole('group', { name: 'Peak Usage' });

    expect(asked?.searchParams.get('range')).toBe('7d');
    expect(asked?.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('says when analytics cannot be loaded and loads them on Try again', async () => {
    server.use(
      http.get('/api/v1/analytics', () => errorResponse(500, 'internal_error', 'Database down'), {
        once: true,
      }),
    );
    await openAnalytics();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Analytics could not be loaded');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('group', { name: 'Peak Usage' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces loading until the answer arrives', async () => {
    server.use(
      http.get('/api/v1/analytics', async () => {
        await delay(300);
        return HttpResponse.json(emptyAnalytics('7d'));
      }),
    );
    await openAnalytics();

    expect(screen.getByText('Loading analytics...')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Peak Usage' })).toBeInTheDocument();
    expect(screen.queryByText('Loading analytics...')).not.toBeInTheDocument();
  });
});
