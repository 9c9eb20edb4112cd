import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { formatSeconds } from '../lib/timer';

interface GenerateButtonProps extends Omit<ButtonProps, 'children' | 'loading'> {
  generating: boolean;
  /** The page is checking a click (plan, price): refused like while generating. */
  busy?: boolean;
  elapsedMs: number;
  /** The idle label, e.g. 'Generate'. */
  children: ReactNode;
}

/**
 * The tool's Generate button: refusing clicks while a generation runs, and then showing the
 * running timer in seconds ('Generating… 3.4s', document 2 §4). It is `aria-disabled` rather
 * than `disabled` then: a disabled button loses keyboard focus, which would drop a keyboard
 * user back to the top of the page right after they pressed it.
 */
export function GenerateButton({
  generating,
  busy = false,
  elapsedMs,
  children,
  onClick,
  disabled = false,
  ...props
}: GenerateButtonProps) {
  const refusing = generating || busy;
  return (
    <Button
      size="lg"
      loading={generating}
      disabled={disabled}
      aria-disabled={refusing || undefined}
      aria-busy={refusing || undefined}
      onClick={(event) => {
        if (refusing) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
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
