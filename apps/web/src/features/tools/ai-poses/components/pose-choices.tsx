import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup } from '@/components/ui/radio-group';
import { cn } from '@/lib/cn';
import {
  ASPECT_RATIO_LABELS,
  ASPECT_RATIO_LIST,
  BACKGROUND_COLOUR_LIST,
  BACKGROUND_COLOURS,
  BACKGROUND_LABELS,
  BACKGROUND_LIST,
  EXPRESSION_LABELS,
  EXPRESSION_LIST,
  POSE_MESSAGES,
  VIEW_LABELS,
  VIEW_LIST,
  type AspectRatio,
  type PoseSettings,
} from '../lib/pose-request';
import { oneOf } from '@/lib/guards';

const aspectOptions = ASPECT_RATIO_LIST.map((value) => ({
  value,
  label: ASPECT_RATIO_LABELS[value],
}));

function Choice<T extends string>({
  label,
  value,
  list,
  labels,
  onChange,
  disabled,
  lockNote,
}: {
  label: string;
  value: T;
  list: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
  disabled: boolean;
  lockNote: boolean;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={lockNote ? `${id}-lock` : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (oneOf(list, next)) onChange(next);
        }}
      >
        {list.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </NativeSelect>
      {lockNote ? (
        <p id={`${id}-lock`} className="text-xs text-muted-foreground">
          {POSE_MESSAGES.promptLock}
        </p>
      ) : null}
    </div>
  );
}

/** The background colour swatches (document 2 §3), as native radios. */
function ColourPicker({
  value,
  onChange,
  disabled,
  locked,
}: {
  value: PoseSettings['colour'];
  onChange: (colour: PoseSettings['colour']) => void;
  disabled: boolean;
  locked: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        Background colour
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="flex flex-wrap gap-2"
      >
        {BACKGROUND_COLOUR_LIST.map((colour) => {
          const checked = colour === value;
          return (
            <label
              key={colour}
              className={cn(
                'relative flex w-14 cursor-pointer flex-col items-center gap-1 rounded-lg border p-1.5 text-xs font-medium',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
                'has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-60',
                checked ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-border',
              )}
            >
              <input
                type="radio"
                name={id}
                value={colour}
                checked={checked}
                disabled={disabled || locked}
                onChange={() => {
                  onChange(colour);
                }}
                className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
              />
              <span
                aria-hidden="true"
                className="size-6 rounded-full border border-border"
                style={{ backgroundColor: BACKGROUND_COLOURS[colour].swatch }}
              />
              {BACKGROUND_COLOURS[colour].label}
            </label>
          );
        })}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {locked
          ? POSE_MESSAGES.promptLock
          : 'Used by the studio, minimalist and simple backgrounds.'}
      </p>
    </div>
  );
}

/**
 * Background, expression, view, aspect ratio and background colour (document 2 §2). A written
 * prompt locks the background, expression and colour ('Clear prompt to enable').
 */
export function PoseChoices({
  settings,
  onChange,
  disabled,
  locked,
}: {
  settings: PoseSettings;
  onChange: (patch: Partial<PoseSettings>) => void;
  disabled: boolean;
  locked: boolean;
}) {
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice
          label="Background"
          value={settings.background}
          list={BACKGROUND_LIST}
          labels={BACKGROUND_LABELS}
          disabled={disabled || locked}
          lockNote={locked}
          onChange={(background) => {
            onChange({ background });
          }}
        />
        <Choice
          label="Expression"
          value={settings.expression}
          list={EXPRESSION_LIST}
          labels={EXPRESSION_LABELS}
          disabled={disabled || locked}
          lockNote={locked}
          onChange={(expression) => {
            onChange({ expression });
          }}
        />
        <Choice
          label="View"
          value={settings.viewType}
          list={VIEW_LIST}
          labels={VIEW_LABELS}
          disabled={disabled}
          lockNote={false}
          onChange={(viewType) => {
            onChange({ viewType });
          }}
        />
        <div className="flex flex-col gap-2">
          <span className="text-sm leading-none font-medium">Variations</span>
          <p className="text-sm text-muted-foreground">1 image per run</p>
        </div>
      </div>
      <RadioGroup<AspectRatio>
        label="Aspect ratio"
        appearance="segments"
        value={settings.aspectRatio}
        options={aspectOptions}
        disabled={disabled}
        onChange={(aspectRatio) => {
          onChange({ aspectRatio });
        }}
      />
      <ColourPicker
        value={settings.colour}
        disabled={disabled}
        locked={locked}
        onChange={(colour) => {
          onChange({ colour });
        }}
      />
    </div>
  );
}
