import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';
import { Spinner } from './spinner';

/*
 * A link styled as a button is `<Link className={buttonVariants(...)}>`, not a Slot: Radix's Slot
 * would put ~1.3 KiB on every page's first load for that one use.
 */
export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Disables the button and shows a spinner; the label stays so the accessible name is stable. */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  loading = false,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled ?? loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
