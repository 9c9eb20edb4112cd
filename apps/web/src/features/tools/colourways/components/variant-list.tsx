import { useId, useRef } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { COLOURWAY_NAME_MAX_LENGTH, COLOURWAY_VARIANTS_MAX } from '@studio/contract/constants';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { parseColour, swatchColour } from '../lib/colour-input';
import type { VariantProblems, VariantRow } from '../lib/colourways-request';

interface VariantListProps {
  variants: readonly VariantRow[];
  /** Problems by row id, shown once the user tried to generate. */
  problems: ReadonlyMap<string, VariantProblems>;
  disabled: boolean;
  /** Changes one row (by id, so a swatch measured after other edits lands on its own row). */
  onRowChange: (rowId: string, patch: Partial<Omit<VariantRow, 'id'>>) => void;
  onRemove: (rowId: string) => void;
  onAdd: () => void;
}

/** Reads a swatch photo's colour in the browser (nothing is uploaded). */
async function colourOfPhoto(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 200 / Math.max(bitmap.width, bitmap.height));
  const [width, height] = [
    Math.max(1, Math.round(bitmap.width * scale)),
    Math.max(1, Math.round(bitmap.height * scale)),
  ];
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(bitmap, 0, 0, width, height);
  return swatchColour(context.getImageData(0, 0, width, height).data, width, height);
}

/**
 * The variants: each a name (or SKU) and a colour, typed as a hex or a colour name, picked, or
 * measured from a photo of a fabric swatch. A row's problems show under its fields.
 */
export function VariantList({
  variants,
  problems,
  disabled,
  onRowChange: change,
  onRemove,
  onAdd,
}: VariantListProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const measuring = useRef<string | null>(null);

  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Variants</legend>
      <p className="text-xs text-muted-foreground">
        One image per variant, the garment in its exact colour. Up to {COLOURWAY_VARIANTS_MAX}.
      </p>
      <ol aria-label="Variants" className="space-y-3">
        {variants.map((row, index) => {
          const problem = problems.get(row.id);
          const parsed = parseColour(row.colour);
          const hex = 'hex' in parsed ? parsed.hex : '#ffffff';
          const nameId = `${id}-${row.id}-name`;
          const colourId = `${id}-${row.id}-colour`;
          const label = row.name.trim() === '' ? `variant ${String(index + 1)}` : row.name.trim();
          return (
            <li key={row.id} className="space-y-1.5 rounded-md border border-border p-3">
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                <div className="space-y-1">
                  <label htmlFor={nameId} className="text-xs font-medium">
                    Name or SKU ({String(index + 1)})
                  </label>
                  <Input
                    id={nameId}
                    value={row.name}
                    maxLength={COLOURWAY_NAME_MAX_LENGTH}
                    disabled={disabled}
                    autoComplete="off"
                    aria-invalid={problem?.name ? true : undefined}
                    aria-describedby={problem?.name ? `${nameId}-error` : undefined}
                    placeholder="TEE-NAVY"
                    onChange={(event) => {
                      change(row.id, { name: event.target.value });
                    }}
                  />
                  {problem?.name ? (
                    <p id={`${nameId}-error`} className="text-xs text-destructive">
                      {problem.name}
                    </p>
                  ) : null}
                </div>
                <div className="space-y-1">
                  <label htmlFor={colourId} className="text-xs font-medium">
                    Colour ({String(index + 1)})
                  </label>
                  <div className="flex items-center gap-2">
                    <input
                      type="color"
                      aria-label={`Pick the colour of ${label}`}
                      className="size-10 shrink-0 cursor-pointer rounded-md border border-input bg-surface p-1"
                      value={hex}
                      disabled={disabled}
                      onChange={(event) => {
                        change(row.id, { colour: event.target.value });
                      }}
                    />
                    <Input
                      id={colourId}
                      value={row.colour}
                      disabled={disabled}
                      autoComplete="off"
                      spellCheck={false}
                      placeholder="#1f3a5f or navy"
                      aria-invalid={problem?.colour ? true : undefined}
                      aria-describedby={problem?.colour ? `${colourId}-error` : undefined}
                      onChange={(event) => {
                        change(row.id, { colour: event.target.value });
                      }}
                    />
                  </div>
                  {problem?.colour ? (
                    <p id={`${colourId}-error`} className="text-xs text-destructive">
                      {problem.colour}
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={disabled}
                  aria-label={`Measure the colour of ${label} from a swatch photo`}
                  onClick={() => {
                    measuring.current = row.id;
                    fileInput.current?.click();
                  }}
                >
                  From a swatch photo
                </Button>
                {variants.length > 1 ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={disabled}
                    aria-label={`Remove ${label}`}
                    onClick={() => {
                      onRemove(row.id);
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          const rowId = measuring.current;
          event.target.value = '';
          if (!file || rowId === null) return;
          void colourOfPhoto(file).then(
            (colour) => {
              change(rowId, { colour });
            },
            () => {
              change(rowId, { colour: '' });
            },
          );
        }}
      />
      {variants.length < COLOURWAY_VARIANTS_MAX ? (
        <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={onAdd}>
          <Plus aria-hidden="true" />
          Add variant
        </Button>
      ) : null}
    </fieldset>
  );
}
