import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { StatusTone } from '../lib/status-tone';

// Explicit palette colours: the design tokens have no blue or pure yellow, and the spec names
// these colours (§4 Purchase status badge).
const toneClasses: Record<StatusTone, string> = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-blue-100 text-blue-800',
  grey: 'bg-muted text-muted-foreground',
};

/** A coloured status pill; `data-tone` names the colour for tests and styling hooks. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <Badge data-tone={tone} className={toneClasses[tone]}>
      {children}
    </Badge>
  );
}
