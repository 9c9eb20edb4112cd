import {
  ANALYTICS_CATEGORIES,
  type AnalyticsPeriod,
  type AnalyticsRange,
} from '@studio/contract/responses';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { yTicks } from '../lib/chart';
import { CATEGORY_COLOURS, CATEGORY_LABELS, PERIOD_NAMES } from '../lib/labels';

// Plain SVG in a fixed coordinate space scaled to the card's width (ADR 029): no chart library.
const WIDTH = 320;
const HEIGHT = 180;
const LEFT = 28;
const BOTTOM = 20;
const TOP = 8;
const PLOT_HEIGHT = HEIGHT - BOTTOM - TOP;

/** 'Daily Activity' (document 1 §2): the three categories per period, y from 0 in steps of 5. */
export function ActivityChart({
  periods,
  range,
}: {
  periods: readonly AnalyticsPeriod[];
  range: AnalyticsRange;
}) {
  const max = Math.max(0, ...periods.flatMap((p) => ANALYTICS_CATEGORIES.map((c) => p[c])));
  const ticks = yTicks(max);
  const top = ticks.at(-1) ?? 5;
  const slot = (WIDTH - LEFT) / Math.max(1, periods.length);
  const bar = Math.min(14, (slot - 6) / ANALYTICS_CATEGORIES.length);
  const y = (value: number) => TOP + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;

  return (
    <Card>
      <CardHeader>
        <CardTitle id="daily-activity">Daily Activity</CardTitle>
        <Legend />
      </CardHeader>
      <CardContent>
        <svg
          viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
          className="h-auto w-full"
          aria-hidden="true"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} className="stroke-border" />
              <text
                x={LEFT - 4}
                y={y(tick) + 3}
                textAnchor="end"
                className="fill-muted-foreground text-[9px]"
              >
                {tick}
              </text>
            </g>
          ))}
          {periods.map((period, i) => {
            const x0 = LEFT + i * slot + (slot - bar * ANALYTICS_CATEGORIES.length) / 2;
            return (
              <g key={period.start || period.label}>
                {ANALYTICS_CATEGORIES.map((category, c) => (
                  <rect
                    key={category}
                    x={x0 + c * bar}
                    y={y(period[category])}
                    width={Math.max(1, bar - 1)}
                    height={TOP + PLOT_HEIGHT - y(period[category])}
                    rx={1.5}
                    className={CATEGORY_COLOURS[category]}
                  />
                ))}
                <text
                  x={LEFT + i * slot + slot / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[9px]"
                >
                  {period.label}
                </text>
              </g>
            );
          })}
        </svg>
        {/*
          The drawing is hidden from assistive tech; the same numbers as a table are not. The
          wrapper is what is visually hidden: a table ignores the 1 px width and would widen the page.
        */}
        <div className="sr-only">
          <table aria-labelledby="daily-activity">
            <thead>
              <tr>
                <th scope="col">{PERIOD_NAMES[range]}</th>
                {ANALYTICS_CATEGORIES.map((category) => (
                  <th key={category} scope="col">
                    {CATEGORY_LABELS[category]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {periods.map((period) => (
                <tr key={period.start || period.label}>
                  <th scope="row">{period.label}</th>
                  {ANALYTICS_CATEGORIES.map((category) => (
                    <td key={category}>{period[category]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
      {ANALYTICS_CATEGORIES.map((category) => (
        <li key={category} className="flex items-center gap-1.5">
          <span className={cn('size-2.5 rounded-sm', CATEGORY_COLOURS[category])} />
          {CATEGORY_LABELS[category]}
        </li>
      ))}
    </ul>
  );
}
