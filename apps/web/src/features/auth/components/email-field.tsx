import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

interface EmailFieldProps {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | null | undefined;
  autoFocus?: boolean;
}

/** The email input of the sign-in, sign-up and reset-request forms: mobile-friendly, no autocorrect. */
export function EmailField({ value, onChange, error, autoFocus }: EmailFieldProps) {
  return (
    <Field label="Email" error={error ?? undefined}>
      {(control) => (
        <Input
          {...control}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          {...(autoFocus === undefined ? {} : { autoFocus })}
          value={value}
          onChange={onChange}
        />
      )}
    </Field>
  );
}
