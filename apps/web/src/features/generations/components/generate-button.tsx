import { useId, type ReactNode, type Ref } from 'react';
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

/**
 * Generate across its panel, off with the reason said under it and tied to it (ADR 015: the user
 * and a screen reader learn why, not just that it is off); `reason` null when it is on.
 */
export function GenerateWithReason({
  reason,
  ref,
  ...props
}: Omit<GenerateButtonProps, 'disabled' | 'className'> & {
  reason: string | null;
  ref?: Ref<HTMLButtonElement>;
}) {
  const reasonId = useId();
  return (
    <div className="flex flex-col gap-2">
      <GenerateButton
        ref={ref}
        className="w-full"
        disabled={reason !== null}
        aria-describedby={reason === null ? undefined : reasonId}
        {...props}
      />
      {reason !== null ? (
        <p id={reasonId} className="text-center text-xs text-muted-foreground">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
