import { useState, type SubmitEvent } from 'react';
import type { CreatedApiKey } from '@studio/contract/responses';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { focusFirstInvalid } from '@/lib/form-fields';
import { useCreateApiKey } from '../api/api-keys';
import {
  KEY_NAME_MAX_LENGTH,
  validateCreateKey,
  type CreateKeyErrors,
  type CreateKeyValues,
} from '../lib/create-key-form';
import { defaultScopes } from '../lib/scopes';
import { ScopeChoices } from './scope-choices';

const emptyValues: CreateKeyValues = { name: '', scopes: defaultScopes };

interface CreateKeyFormProps {
  onCreated: (name: string, created: CreatedApiKey) => void;
  /** Called on submit, so the dialog that shows the key loads while the server makes it. */
  onSubmitStart: () => void;
}

/** 'Create key': a name and scopes (ADR 056's pattern); the server's refusals are shown under it. */
export function CreateKeyForm({ onCreated, onSubmitStart }: CreateKeyFormProps) {
  const [values, setValues] = useState<CreateKeyValues>(emptyValues);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateApiKey();
  const errors: CreateKeyErrors = submitted ? validateCreateKey(values) : {};

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (focusFirstInvalid(event.currentTarget, validateCreateKey(values))) return;
    onSubmitStart();
    const name = values.name.trim();
    create.mutate(
      { name, scopes: [...values.scopes] },
      {
        onSuccess: (created) => {
          setValues(emptyValues);
          setSubmitted(false);
          onCreated(name, created);
        },
      },
    );
  };

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
      <ScopeChoices
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
