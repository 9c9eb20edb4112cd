import type { CreatedApiKey } from '@studio/contract/responses';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useCreateApiKey } from '../api/api-keys';
import {
  KEY_NAME_MAX_LENGTH,
  validateCreateKey,
  type CreateKeyValues,
} from '../lib/create-key-form';
import { defaultScopes, scopeChoices } from '../lib/scopes';
import { CheckboxChoices } from '@/components/ui/checkbox-choices';

const emptyValues: CreateKeyValues = { name: '', scopes: defaultScopes };

interface CreateKeyFormProps {
  onCreated: (name: string, created: CreatedApiKey) => void;
  /** Called on submit, so the dialog that shows the key loads while the server makes it. */
  onSubmitStart: () => void;
}

/** 'Create key': a name and scopes (ADR 056's pattern); the server's refusals are shown under it. */
export function CreateKeyForm({ onCreated, onSubmitStart }: CreateKeyFormProps) {
  const { values, setValues, errors, submit, reset } = useCheckedForm(
    emptyValues,
    validateCreateKey,
  );
  const create = useCreateApiKey();

  const handleSubmit = submit((sent) => {
    onSubmitStart();
    const name = sent.name.trim();
    create.mutate(
      { name, scopes: [...sent.scopes] },
      {
        onSuccess: (created) => {
          reset();
          onCreated(name, created);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Create key" className="space-y-4">
      <Field
        label="Key name"
        hint="For you to tell keys apart, e.g. “Shopify sync”."
        error={errors.name}
      >
        {(control) => (
          <Input
            {...control}
            name="name"
            autoComplete="off"
            maxLength={KEY_NAME_MAX_LENGTH}
            value={values.name}
            onChange={(event) => {
              setValues({ ...values, name: event.target.value });
            }}
          />
        )}
      </Field>
      <CheckboxChoices
        legend="Scopes"
        name="scopes"
        choices={scopeChoices}
        chosen={values.scopes}
        error={errors.scopes}
        onChange={(scopes) => {
          setValues({ ...values, scopes });
        }}
      />
      {create.isError ? (
        <Alert variant="destructive" role="alert">
          {getErrorMessage(create.error)}
        </Alert>
      ) : null}
      <Button type="submit" loading={create.isPending}>
        Create key
      </Button>
    </form>
  );
}
