import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  /**
   * A short extra such as 'Save 15%'; decorative (the cards repeat it), so the option's name stays
   * its label, and left out on phones where the three options must fit one line.
   */
  hint?: string;
}

interface SegmentedControlProps<T extends string> {
  label: string;
  value: T;
  options: readonly SegmentOption<T>[];
  onChange: (value: T) => void;
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * A one-of-several switch built on native radio buttons, so arrow keys, the radiogroup role and
 * form semantics come from the browser rather than from hand-written key handling.
 */
export function SegmentedControl<T extends string>({
  label,
  value,
  options,
  onChange,
  size = 'md',
  className,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('inline-flex max-w-full items-center gap-1 rounded-lg bg-muted p-1', className)}
    >
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            className={cn(
              'relative inline-flex cursor-pointer items-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors',
              'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
              size === 'sm' ? 'px-2.5 py-1 text-xs' : 'px-3 py-1.5 text-sm sm:px-3.5',
              checked
                ? 'bg-surface text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => {
                onChange(option.value);
              }}
              // Transparent over the whole option (not sr-only): a click anywhere on it hits the
              // radio itself, and nothing sticky can cover a 1-pixel target.
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            />
            {option.label}
            {option.hint ? (
              <span
                aria-hidden="true"
                className="hidden rounded-full bg-success-soft px-1.5 py-0.5 text-[0.7rem] font-semibold text-success sm:inline"
              >
                {option.hint}
              </span>
            ) : null}
          </label>
        );
      })}
    </div>
  );
}
