import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The platform's own <select>, styled like our inputs: for short option lists (page sizes,
 * periods) it is accessible, mobile-native and costs no JavaScript, where the Radix Select adds
 * ~20 KiB to a page's first load.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative inline-flex', className)}>
      <select
        className={cn(
          'h-10 w-full appearance-none rounded-md border border-input bg-surface py-0 pr-8 pl-3 text-base text-foreground shadow-xs sm:text-sm',
          'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none',
          'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
