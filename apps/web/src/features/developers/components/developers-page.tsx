import { paths } from '@/config/paths';
import { ApiKeysCard } from './api-keys-card';
import { QuickStartCard } from './quick-start-card';
import { WebhooksCard } from './webhooks-card';

/** /developers (issue 35 item 6): API keys, a quick start and webhooks with their delivery log. */
export function DevelopersPage() {
  return (
    <div className="min-w-0 space-y-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{paths.developers.title}</h2>
        <p className="text-sm text-muted-foreground">
          Call the studio from your own systems: make an API key, try the quick start, and have
          webhooks tell you when work finishes.
        </p>
      </div>
      <ApiKeysCard />
      <QuickStartCard />
      <WebhooksCard />
    </div>
  );
}
