import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { formatSeconds } from '../lib/timer';

interface GenerateButtonProps extends Omit<ButtonProps, 'children' | 'loading'> {
  generating: boolean;
  elapsedMs: number;
  /** The idle label, e.g. 'Generate'. */
  children: ReactNode;
}

/**
 * The tool's Generate button: disabled while a generation runs, and then showing the running
 * timer in seconds ('Generating… 3.4s', document 2 §4).
 */
export function GenerateButton({ generating, elapsedMs, children, ...props }: GenerateButtonProps) {
  return (
    <Button size="lg" loading={generating} {...props}>
      {generating ? (
        <span>
          Generating… <span className="tabular-nums">{formatSeconds(elapsedMs)}</span>
        </span>
      ) : (
        <>
          <Sparkles aria-hidden="true" />
          {children}
        </>
      )}
    </Button>
  );
}
