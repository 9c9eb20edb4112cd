import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface RadioCardOption<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
  /** A short line under the label; decorative, so the option's name stays its label. */
  hint?: string;
}

interface RadioCardsProps<T extends string> {
  /** The group's accessible name, also shown as its heading. */
  label: string;
  value: T;
  options: readonly RadioCardOption<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * One-of-several as native radio buttons (arrow keys, the radiogroup role and focus come from
 * the browser), drawn as equal-width cards that wrap their text, so three options fit a 390 px
 * phone without scrolling sideways.
 */
export function RadioCards<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled = false,
  className,
}: RadioCardsProps<T>) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        className="grid gap-2"
        style={{ gridTemplateColumns: `repeat(${String(options.length)}, minmax(0, 1fr))` }}
      >
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'relative flex cursor-pointer flex-col items-center gap-1 rounded-lg border px-2 py-2.5 text-center text-sm font-medium transition-colors',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
                'has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-60',
                checked
                  ? 'border-brand-500 bg-brand-50 text-brand-800'
                  : 'border-border bg-surface hover:border-brand-200 hover:bg-muted/60',
              )}
            >
              <input
                type="radio"
                name={id}
                value={option.value}
                checked={checked}
                disabled={disabled}
                onChange={() => {
                  onChange(option.value);
                }}
                className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
              />
              {option.icon}
              <span className="leading-tight">{option.label}</span>
              {option.hint ? (
                <span aria-hidden="true" className="text-xs font-normal text-muted-foreground">
                  {option.hint}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </div>
  );
}
