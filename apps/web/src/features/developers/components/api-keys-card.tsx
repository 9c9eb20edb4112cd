import { lazy, Suspense, useRef, useState } from 'react';
import type { CreatedApiKey } from '@studio/contract/responses';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Spinner } from '@/components/ui/spinner';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyList } from './api-key-list';
import { CreateKeyForm } from './create-key-form';

const loadSecretDialog = () => import('./secret-dialog');
const SecretDialog = lazy(loadSecretDialog);

/** The list of keys as loading, failed, empty or loaded. */
function KeysState({ onKeyGone }: { onKeyGone: () => void }) {
  const keys = useApiKeys();
  if (keys.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
        <Spinner />
        Loading your keys…
      </p>
    );
  }
  if (keys.isError) {
    return (
      <RetryAlert
        title="Your keys could not be loaded."
        error={keys.error}
        retrying={keys.isFetching}
        onRetry={() => {
          void keys.refetch();
        }}
      />
    );
  }
  if (keys.data.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">No keys yet: create one below.</p>;
  }
  return <ApiKeyList keys={keys.data} onKeyGone={onKeyGone} />;
}

/** API keys (issue 35): the live keys, 'Create key', and the new key shown once. */
export function ApiKeysCard() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [created, setCreated] = useState<{ name: string; key: CreatedApiKey } | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
          API keys
        </CardTitle>
        <CardDescription>
          Your systems call the API with a key as{' '}
          <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>. Keep keys
          secret; revoke one you no longer use. At most 10 at a time.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <KeysState
          onKeyGone={() => {
            headingRef.current?.focus();
          }}
        />
        <section
          aria-labelledby="create-key-heading"
          className="space-y-4 border-t border-border pt-6"
        >
          <h4 id="create-key-heading" className="text-sm font-semibold">
            Create a key
          </h4>
          <CreateKeyForm
            onSubmitStart={() => {
              loadSecretDialog().catch(() => undefined);
            }}
            onCreated={(name, key) => {
              setCreated({ name, key });
            }}
          />
        </section>
      </CardContent>
      {created ? (
        <Suspense fallback={null}>
          <SecretDialog
            title="Your new API key"
            description={`“${created.name}” is ready to use.`}
            label="API key"
            secret={created.key.key}
            onClose={() => {
              setCreated(null);
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
