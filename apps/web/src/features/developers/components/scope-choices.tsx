import { useId } from 'react';
import { API_KEY_SCOPES, type ApiKeyScope } from '@studio/contract/constants';
import { toggleScope } from '../lib/create-key-form';
import { scopeChoices } from '../lib/scopes';

interface ScopeChoicesProps {
  chosen: readonly ApiKeyScope[];
  error: string | undefined;
  onChange: (scopes: ApiKeyScope[]) => void;
}

/** One checkbox per scope, with the line that says what it allows. */
export function ScopeChoices({ chosen, error, onChange }: ScopeChoicesProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">Scopes</legend>
      {scopeChoices.map(({ scope, description }) => (
        <label key={scope} className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-sm">
          <input
            type="checkbox"
            name="scopes"
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-600"
            checked={chosen.includes(scope)}
            aria-invalid={error ? true : undefined}
            aria-labelledby={`${id}-${scope}-name`}
            aria-describedby={`${id}-${scope}`}
            onChange={(event) => {
              onChange(toggleScope(API_KEY_SCOPES, chosen, scope, event.target.checked));
            }}
          />
          <span className="min-w-0">
            <span id={`${id}-${scope}-name`} className="block font-medium">
              {scope}
            </span>
            <span id={`${id}-${scope}`} className="block text-muted-foreground">
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
