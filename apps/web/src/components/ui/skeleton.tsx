import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Placeholder block; hidden from assistive tech, so announce loading elsewhere. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
