import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One of a tool screen's panels (input, controls, result): a titled region, so each is a landmark for screen readers. */
export function ToolPanel({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn(
        // scroll-mt: brought into view below the sticky header (h-16).
        'flex min-w-0 scroll-mt-20 flex-col gap-5 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-5',
        className,
      )}
    >
      {/* Focusable from script only: a result's arrival moves focus here (bring-into-view). */}
      <h3 id={id} tabIndex={-1} className="text-base font-semibold outline-none">
        {title}
      </h3>
      {children}
    </section>
  );
}
