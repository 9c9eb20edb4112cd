import { cn } from '@/lib/cn';

/** A listing table's header row: small muted column names; `className` sizes a column. */
export function TableHead({
  columns,
}: {
  columns: readonly { label: string; className?: string }[];
}) {
  return (
    <thead className="text-xs text-muted-foreground">
      <tr className="border-b border-border">
        {columns.map((column, index) => (
          <th
            key={column.label}
            scope="col"
            className={cn(
              'py-1.5 font-medium',
              index < columns.length - 1 && 'pr-2',
              column.className,
            )}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
