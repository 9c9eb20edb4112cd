import { ETHNICITIES } from '@studio/contract/tools';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { ETHNICITY_LABELS, type Ethnicity } from '../lib/realistic-request';

/** The models' ethnicity ('Auto' lets the engine choose). */
export function EthnicitySelect({
  value,
  disabled,
  onChange,
}: {
  value: Ethnicity;
  disabled: boolean;
  onChange: (ethnicity: Ethnicity) => void;
}) {
  return (
    <Field label="Ethnicity">
      {(control) => (
        <NativeSelect
          {...control}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            const next = ETHNICITIES.find((option) => option === event.currentTarget.value);
            if (next) onChange(next);
          }}
        >
          {ETHNICITIES.map((option) => (
            <option key={option} value={option}>
              {ETHNICITY_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}
