import { useId } from 'react';
import { Link } from 'react-router';
import { MODE_LABELS, MODES } from '@studio/contract/tools';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import type { ModeChoice } from '../hooks/use-mode-choice';
import { modeOptionLabel, restrictedModesMessage } from '../lib/mode-access';

const fallbackOptions = MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }));

/**
 * The Mode selector (document 2 §4, §5): disabled until the plan's modes are known; a mode the
 * plan lacks stays listed, disabled, with the plan it needs, and a restricted-mode message with
 * a link to the plans sits under it. A failed mode list shows under the selector with Retry.
 */
export function ModeSelect({
  choice,
  disabled = false,
}: {
  choice: ModeChoice;
  disabled?: boolean;
}) {
  const id = useId();
  const { access, mode, setMode } = choice;
  const modes = access.data?.modes;
  const restricted = modes ? restrictedModesMessage(modes) : null;

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Mode</Label>
      <NativeSelect
        id={id}
        value={mode}
        disabled={disabled || !modes}
        aria-describedby={restricted || access.isError ? `${id}-note` : undefined}
        onChange={(event) => {
          const next = MODES.find((value) => value === event.currentTarget.value);
          if (next) setMode(next);
        }}
      >
        {modes
          ? modes.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {modeOptionLabel(option)}
              </option>
            ))
          : fallbackOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
      </NativeSelect>
      {access.isError ? (
        <div id={`${id}-note`} role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-destructive">
            Could not load modes: {getErrorMessage(access.error)}
          </span>
          <Button
            variant="link"
            size="sm"
            loading={access.isFetching}
            onClick={() => {
              void access.refetch();
            }}
          >
            Retry
          </Button>
        </div>
      ) : restricted ? (
        <p id={`${id}-note`} className="text-xs text-muted-foreground">
          {restricted}{' '}
          <Link to={paths.subscription.path} className="font-medium text-primary hover:underline">
            View plans
          </Link>
        </p>
      ) : null}
    </div>
  );
}
