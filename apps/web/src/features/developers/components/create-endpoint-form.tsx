import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { useCheckedForm } from '@/lib/use-checked-form';
import { useCreateWebhookEndpoint } from '../api/webhook-endpoints';
import { defaultEvents, eventChoices } from '../lib/webhook-events';
import {
  validateWebhookForm,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookFormValues,
} from '../lib/webhook-form';
import { CheckboxChoices } from '@/components/ui/checkbox-choices';

const emptyValues: WebhookFormValues = { url: '', events: defaultEvents };

interface CreateEndpointFormProps {
  /** The new endpoint's signing secret, to be shown this once. */
  onCreated: (url: string, secret: string) => void;
  /** Called on submit, so the dialog that shows the secret loads while the server answers. */
  onSubmitStart: () => void;
}

/** 'Add endpoint': an https URL and the events to send there; the server's refusals show under it. */
export function CreateEndpointForm({ onCreated, onSubmitStart }: CreateEndpointFormProps) {
  const { values, setValues, errors, submit, reset } = useCheckedForm(
    emptyValues,
    validateWebhookForm,
  );
  const create = useCreateWebhookEndpoint();

  const handleSubmit = submit((sent) => {
    onSubmitStart();
    const url = sent.url.trim();
    create.mutate(
      { url, events: [...sent.events] },
      {
        onSuccess: (created) => {
          reset();
          onCreated(url, created.secret);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Add endpoint" className="space-y-4">
      <Field
        label="Endpoint URL"
        hint="An https address on your server that answers 2xx when it has the event."
        error={errors.url}
      >
        {(control) => (
          <Input
            {...control}
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/webhooks/studio"
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            value={values.url}
            onChange={(event) => {
              setValues({ ...values, url: event.target.value });
            }}
          />
        )}
      </Field>
      <CheckboxChoices
        legend="Events"
        name="events"
        choices={eventChoices}
        chosen={values.events}
        error={errors.events}
        onChange={(events) => {
          setValues({ ...values, events });
        }}
      />
      {create.isError ? (
        <Alert variant="destructive" role="alert">
          {getErrorMessage(create.error)}
        </Alert>
      ) : null}
      <Button type="submit" loading={create.isPending}>
        Add endpoint
      </Button>
    </form>
  );
}
