import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type OptionalProfileField = 'companyName' | 'phoneNumber';

// Labels, input hints and the server's length limits (contract updateProfileRequestSchema) in one place.
const fieldSpecs = {
  companyName: {
    label: 'Company Name',
    type: 'text',
    autoComplete: 'organization',
    maxLength: 200,
  },
  phoneNumber: { label: 'Phone Number', type: 'tel', autoComplete: 'tel', maxLength: 40 },
} as const;

interface OptionalProfileFieldProps {
  field: OptionalProfileField;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
  hint?: string;
  /** A validation message (the phone's format, ADR 050). */
  error?: string | undefined;
}

/** Company name or phone number input, shared by Edit Profile and the profile-completion prompt. */
export function OptionalProfileFieldInput({
  field,
  value,
  onChange,
  onBlur,
  hint,
  error,
}: OptionalProfileFieldProps) {
  const { label, ...inputProps } = fieldSpecs[field];
  return (
    <Field label={label} {...(hint === undefined ? {} : { hint })} error={error}>
      {(control) => (
        <Input
          {...control}
          {...inputProps}
          name={field}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}
