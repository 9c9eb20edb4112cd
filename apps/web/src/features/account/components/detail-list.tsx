import { cn } from '@/lib/cn';

import type { Detail } from '../lib/details';

/** Label/value pairs as a description list (profile and account information). */
export function DetailList({ items, className }: { items: Detail[]; className?: string }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-4 sm:grid-cols-2', className)}>
      {items.map((item) => (
        <div key={item.label} className="min-w-0 space-y-1">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {item.label}
          </dt>
          <dd
            className={cn(
              'truncate text-sm font-medium',
              item.muted && 'font-normal text-muted-foreground italic',
            )}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
