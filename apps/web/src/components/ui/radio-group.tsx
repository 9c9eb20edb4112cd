import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
  /**
   * A short extra under or beside the label ('Save 15%', '2x the pixels'); decorative, so the
   * option's name stays its label. Segments hide it on phones, where the options must fit a line.
   */
  hint?: string;
  disabled?: boolean;
}

interface RadioGroupProps<T extends string> {
  /** The group's accessible name; shown as its heading unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  value: T;
  options: readonly RadioOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  /**
   * 'cards': equal-width cards that wrap their text (three fit a 390 px phone);
   * 'segments': a compact pill switch; 'segments-sm' its small size.
   */
  appearance?: 'cards' | 'segments' | 'segments-sm';
  className?: string;
}

const optionClass = {
  cards: (checked: boolean) =>
    cn(
      'flex-col gap-1 rounded-lg border px-2 py-2.5 text-center text-sm',
      checked
        ? 'border-brand-500 bg-brand-50 text-brand-800'
        : 'border-border bg-surface hover:border-brand-200 hover:bg-muted/60',
    ),
  segments: (checked: boolean) =>
    cn(
      'gap-1.5 rounded-md px-3 py-1.5 text-sm whitespace-nowrap sm:px-3.5',
      checked
        ? 'bg-surface text-foreground shadow-sm'
        : 'text-muted-foreground hover:text-foreground',
    ),
  'segments-sm': (checked: boolean) =>
    cn(
      'gap-1.5 rounded-md px-2.5 py-1 text-xs whitespace-nowrap',
      checked
        ? 'bg-surface text-foreground shadow-sm'
        : 'text-muted-foreground hover:text-foreground',
    ),
};

/**
 * One-of-several as native radio buttons: arrow keys, the radiogroup role, focus and form
 * semantics come from the browser rather than from hand-written key handling. The input is
 * transparent over the whole option (not sr-only), so a click anywhere on it hits the radio itself.
 */
export function RadioGroup<T extends string>({
  label,
  hideLabel = false,
  value,
  options,
  onChange,
  disabled = false,
  appearance = 'cards',
  className,
}: RadioGroupProps<T>) {
  const id = useId();
  const cards = appearance === 'cards';
  const group = (
    <div
      role="radiogroup"
      aria-labelledby={hideLabel ? undefined : `${id}-label`}
      aria-label={hideLabel ? label : undefined}
      className={cn(
        cards ? 'grid gap-2' : 'inline-flex max-w-full items-center gap-1 rounded-lg bg-muted p-1',
        hideLabel && className,
      )}
      style={
        cards
          ? { gridTemplateColumns: `repeat(${String(options.length)}, minmax(0, 1fr))` }
          : undefined
      }
    >
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            className={cn(
              'relative inline-flex cursor-pointer items-center font-medium transition-colors',
              'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
              'has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-60',
              optionClass[appearance](checked),
            )}
          >
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={checked}
              disabled={disabled || option.disabled}
              onChange={() => {
                onChange(option.value);
              }}
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
            />
            {option.icon}
            <span className="leading-tight">{option.label}</span>
            {option.hint ? (
              <span
                aria-hidden="true"
                className={
                  cards
                    ? 'text-xs font-normal text-muted-foreground'
                    : 'hidden rounded-full bg-success-soft px-1.5 py-0.5 text-[0.7rem] font-semibold text-success sm:inline'
                }
              >
                {option.hint}
              </span>
            ) : null}
          </label>
        );
      })}
    </div>
  );
  if (hideLabel) return group;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {label}
      </span>
      {group}
    </div>
  );
}
