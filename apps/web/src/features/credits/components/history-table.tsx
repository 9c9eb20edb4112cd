import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/*
 * A table that turns into stacked cards when its container is narrower than 42rem (phones, or a
 * tablet beside the sidebar), so the page never scrolls sideways. Container queries rather than
 * viewport breakpoints, because the width that matters is the content column's. On cards each
 * cell shows its column name from `data-label` through CSS, so the text is not read twice. The
 * explicit ARIA roles keep the table semantics that some browsers (Safari) drop once a table's
 * parts are restyled as blocks.
 */

export function HistoryTable({
  caption,
  columns,
  children,
}: {
  /** Names the table for screen readers; visually hidden. */
  caption: string;
  columns: { label: string; srOnly?: boolean; align?: 'end' }[];
  /** HistoryRowGroup elements, one per entry. */
  children: ReactNode;
}) {
  return (
    <div className="@container">
      <table
        role="table"
        className="w-full border-collapse text-sm @max-2xl:block @max-2xl:space-y-3"
      >
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="@max-2xl:sr-only">
          <tr
            role="row"
            className="border-b border-border text-left text-xs tracking-wide text-muted-foreground uppercase"
          >
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                role="columnheader"
                className={cn(
                  'px-3 py-2 font-medium',
                  column.align === 'end' && 'text-right',
                  column.srOnly && 'w-px',
                )}
              >
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

/**
 * One entry of the table: its row plus any detail row, so on stacked cards the details stay
 * inside the entry's card. Several tbody elements in one table are valid HTML.
 */
export function HistoryRowGroup({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody
      role="rowgroup"
      className={cn(
        'border-b border-border last:border-b-0',
        '@max-2xl:block @max-2xl:rounded-lg @max-2xl:border @max-2xl:p-3 @max-2xl:last:border-b',
        className,
      )}
      {...props}
    />
  );
}

export function HistoryRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr role="row" className={cn('align-top @max-2xl:block', className)} {...props} />;
}

interface HistoryCellProps extends Omit<ComponentProps<'td'>, 'align'> {
  /** The column name shown before the value on stacked cards; omit for full-width cells. */
  label?: string;
  /** Right-aligns the value in table layout (numbers); cards align every value right anyway. */
  alignEnd?: boolean;
}

export function HistoryCell({ label, alignEnd, className, ...props }: HistoryCellProps) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cn(
        'px-3 py-3 @max-2xl:px-0 @max-2xl:py-1',
        alignEnd && '@2xl:text-right',
        label &&
          '@max-2xl:flex @max-2xl:items-start @max-2xl:justify-between @max-2xl:gap-4 @max-2xl:text-right @max-2xl:before:shrink-0 @max-2xl:before:text-muted-foreground @max-2xl:before:content-[attr(data-label)]',
        !label && '@max-2xl:block',
        className,
      )}
      {...props}
    />
  );
}
