import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { IMAGES_MAX, IMAGES_MIN } from '../lib/photoshoot-request';

/**
 * Number of images, 1 to 5, with a stepper (document 2 §5, §9): − and + buttons around a native
 * number field (a spinbutton: arrow keys step it, typing is kept in range). The signs are text,
 * not icons: every icon rides in the icon chunk every page loads.
 */
export function ImageCountStepper({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled: boolean;
}) {
  const id = useId();
  // What the field shows while it is being typed in (it may be empty for a moment).
  const [typed, setTyped] = useState<string | null>(null);
  const set = (next: number) => {
    setTyped(null);
    onChange(Math.min(IMAGES_MAX, Math.max(IMAGES_MIN, next)));
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm leading-none font-medium">
        Number of images
      </label>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Fewer images"
          aria-controls={id}
          disabled={disabled || value <= IMAGES_MIN}
          onClick={() => {
            set(value - 1);
          }}
        >
          <span aria-hidden="true" className="text-lg leading-none">
            −
          </span>
        </Button>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={IMAGES_MIN}
          max={IMAGES_MAX}
          step={1}
          value={typed ?? String(value)}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const next = event.currentTarget.valueAsNumber;
            if (!Number.isFinite(next)) {
              setTyped(event.currentTarget.value);
              return;
            }
            const kept = Math.min(IMAGES_MAX, Math.max(IMAGES_MIN, Math.floor(next)));
            setTyped(String(kept));
            onChange(kept);
          }}
          onBlur={() => {
            setTyped(null);
          }}
          className="w-16 text-center tabular-nums"
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="More images"
          aria-controls={id}
          disabled={disabled || value >= IMAGES_MAX}
          onClick={() => {
            set(value + 1);
          }}
        >
          <span aria-hidden="true" className="text-lg leading-none">
            +
          </span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {`${String(IMAGES_MIN)} to ${String(IMAGES_MAX)} scenes per run.`}
      </p>
    </div>
  );
}
