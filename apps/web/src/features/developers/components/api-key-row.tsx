import type { ApiKey } from '@studio/contract/responses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { createdText, keyPrefixText, lastUsedText } from '../lib/key-display';

interface ApiKeyRowProps {
  apiKey: ApiKey;
  onRevoke: (trigger: HTMLButtonElement) => void;
  onPrefetch: () => void;
}

/** One live key: its name, prefix, scopes, when it was made and last used, and 'Revoke'. */
export function ApiKeyRow({ apiKey, onRevoke, onPrefetch }: ApiKeyRowProps) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1.5">
        <p className="font-medium break-words">{apiKey.name}</p>
        <p className="font-mono text-sm break-all text-muted-foreground">
          {keyPrefixText(apiKey.prefix)}
        </p>
        <ul aria-label="Scopes" className="flex flex-wrap gap-1.5">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="outline">{scope}</Badge>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">
          {createdText(apiKey.createdAt)} · {lastUsedText(apiKey.lastUsedAt)}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-haspopup="dialog"
        aria-label={`Revoke ${apiKey.name}`}
        onPointerEnter={onPrefetch}
        onFocus={onPrefetch}
        onClick={(event) => {
          onRevoke(event.currentTarget);
        }}
      >
        Revoke
      </Button>
    </li>
  );
}
