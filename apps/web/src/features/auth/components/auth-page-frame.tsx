import type { ReactNode } from 'react';
import { BrandMark } from '@/components/ui/brand-mark';

/** The frame of the public account pages outside the shell (password reset, popup landing). */
export function AuthPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-sm space-y-6 rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
        <div className="space-y-3">
          <div className="flex items-center gap-2 text-sm font-semibold">
            <BrandMark className="size-8" />
            AI Product Studio
          </div>
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        </div>
        {children}
      </div>
    </main>
  );
}
