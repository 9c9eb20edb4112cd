import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup } from '@/components/ui/radio-group';
import { ModeSelect, type ModeChoice } from '@/features/generations';
import {
  categoryOptions,
  photoTypeOptions,
  TRY_ON_IMAGES_MAX,
  type TryOnSettings,
} from '../lib/try-on-request';

const imageCountOptions = Array.from({ length: TRY_ON_IMAGES_MAX }, (_, index) => ({
  value: String(index + 1),
  label: String(index + 1),
}));

interface TryOnSettingsFieldsProps {
  settings: TryOnSettings;
  onChange: (patch: Partial<TryOnSettings>) => void;
  modeChoice: ModeChoice;
  /** A catalogue (more than one pair) gets a name: the zip's. */
  catalogue: boolean;
  disabled: boolean;
}

/** Category, garment photo type, mode, images per pair and (for a catalogue) its name. */
export function TryOnSettingsFields({
  settings,
  onChange,
  modeChoice,
  catalogue,
  disabled,
}: TryOnSettingsFieldsProps) {
  const photoTypeId = useId();
  const nameId = useId();
  return (
    <>
      <RadioGroup
        label="Category"
        appearance="segments-sm"
        value={settings.category}
        options={categoryOptions}
        disabled={disabled}
        onChange={(category) => {
          onChange({ category });
        }}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={photoTypeId}>Garment photo</Label>
        <NativeSelect
          id={photoTypeId}
          value={settings.photoType}
          disabled={disabled}
          onChange={(event) => {
            const next = photoTypeOptions.find((o) => o.value === event.currentTarget.value);
            if (next) onChange({ photoType: next.value });
          }}
        >
          {photoTypeOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ModeSelect choice={modeChoice} disabled={disabled} />
      <RadioGroup
        label="Images per photo"
        appearance="segments-sm"
        value={String(settings.numImages)}
        options={imageCountOptions}
        disabled={disabled}
        onChange={(value) => {
          onChange({ numImages: Number(value) });
        }}
      />
      {catalogue ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={nameId}>Catalogue name</Label>
          <Input
            id={nameId}
            value={settings.name}
            maxLength={80}
            placeholder="e.g. Summer kurtas"
            disabled={disabled}
            onChange={(event) => {
              onChange({ name: event.currentTarget.value });
            }}
          />
        </div>
      ) : null}
    </>
  );
}
