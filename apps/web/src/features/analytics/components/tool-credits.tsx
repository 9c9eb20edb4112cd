import type { AnalyticsResponse } from '@studio/contract/responses';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Beyond the spec: where the range's credits went, per tool, and how much of the work succeeded. */
export function ToolCredits({ data }: { data: AnalyticsResponse }) {
  const { succeeded, finished } = data.outcomes;
  const rate = finished === 0 ? '—' : `${String(Math.round((succeeded / finished) * 100))}%`;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="credits-per-tool">Credits per tool</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          role="group"
          aria-label="Success rate"
          className="flex items-baseline justify-between gap-2"
        >
          <span className="text-sm text-muted-foreground">Success rate</span>
          <span className="text-right text-sm">
            <span className="text-lg font-semibold tabular-nums">{rate}</span>{' '}
            <span className="text-muted-foreground">
              ({succeeded} of {finished} finished)
            </span>
          </span>
        </div>
        {data.tools.length === 0 ? (
          <p className="text-sm text-muted-foreground">No credits spent in this range.</p>
        ) : (
          <ul aria-labelledby="credits-per-tool" className="divide-y divide-border text-sm">
            {data.tools.map((tool) => (
              <li key={tool.type} className="flex justify-between gap-3 py-2">
                <span className="min-w-0 break-words">{tool.label || tool.type}</span>
                <span className="shrink-0 tabular-nums">
                  {tool.credits} {tool.credits === 1 ? 'credit' : 'credits'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
