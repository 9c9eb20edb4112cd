import { useId } from 'react';
import { VIDEO_DURATIONS, type VideoDuration } from '@studio/contract/tools';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/** 5sec or 10sec (document 2 §2); set by the template while one is chosen. */
export function DurationSelect({
  value,
  onChange,
  lockedBy,
}: {
  value: VideoDuration;
  onChange: (duration: VideoDuration) => void;
  /** The chosen template's name, when it decides the duration. */
  lockedBy: string | null;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Duration</Label>
      <NativeSelect
        id={id}
        value={String(value)}
        disabled={lockedBy !== null}
        aria-describedby={lockedBy !== null ? `${id}-hint` : undefined}
        onChange={(event) => {
          const next = VIDEO_DURATIONS.find((d) => String(d) === event.currentTarget.value);
          if (next) onChange(next);
        }}
      >
        {VIDEO_DURATIONS.map((duration) => (
          <option key={duration} value={String(duration)}>
            {duration}sec
          </option>
        ))}
      </NativeSelect>
      {lockedBy !== null ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Set by {lockedBy}.
        </p>
      ) : null}
    </div>
  );
}
