import { Field } from '@/components/ui/field';
import { PASSWORD_MIN_LENGTH } from '@studio/contract/constants';
import { PasswordInput } from './password-input';

type NewPasswordField = 'newPassword' | 'confirmPassword';

interface NewPasswordFieldsProps {
  /** Visible labels; Settings and the reset page word them differently. */
  labels: Record<NewPasswordField, string>;
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<NewPasswordField, string>>;
  onChange: (field: NewPasswordField) => (event: { target: { value: string } }) => void;
}

/** The new-password and confirmation pair shared by Settings and the password-reset page. */
export function NewPasswordFields({ labels, values, errors, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        label={labels.newPassword}
        error={errors.newPassword}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="newPassword"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={onChange('newPassword')}
          />
        )}
      </Field>
      <Field label={labels.confirmPassword} error={errors.confirmPassword}>
        {(control) => (
          <PasswordInput
            {...control}
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={onChange('confirmPassword')}
          />
        )}
      </Field>
    </>
  );
}
