import { useId } from 'react';
import { type Choice, toggleChoice } from '@/lib/choices';

interface CheckboxChoicesProps<T extends string> {
  legend: string;
  name: string;
  /** In the order shown; the chosen values keep this order. */
  choices: readonly Choice<T>[];
  chosen: readonly T[];
  error: string | undefined;
  onChange: (chosen: T[]) => void;
}

/**
 * One checkbox per choice (a key's scopes, an endpoint's events, an angle set's views), with the
 * line that says what it means; the chosen values keep the choices' order.
 */
export function CheckboxChoices<T extends string>({
  legend,
  name,
  choices,
  chosen,
  error,
  onChange,
}: CheckboxChoicesProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  const order = choices.map((choice) => choice.value);
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {choices.map(({ value, label, description }) => (
        <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-sm">
          <input
            type="checkbox"
            name={name}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-600"
            checked={chosen.includes(value)}
            aria-invalid={error ? true : undefined}
            aria-labelledby={`${id}-${value}-name`}
            aria-describedby={`${id}-${value}`}
            onChange={(event) => {
              onChange(toggleChoice(order, chosen, value, event.target.checked));
            }}
          />
          <span className="min-w-0">
            <span id={`${id}-${value}-name`} className="block font-medium">
              {label ?? value}
            </span>
            <span id={`${id}-${value}`} className="block text-muted-foreground">
              {description}
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
