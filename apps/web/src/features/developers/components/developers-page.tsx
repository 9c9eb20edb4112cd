import { paths } from '@/config/paths';
import { ApiKeysCard } from './api-keys-card';
import { QuickStartCard } from './quick-start-card';

/** /developers (issue 35 item 6): API keys and a quick start; webhooks come later. */
export function DevelopersPage() {
  return (
    <div className="min-w-0 space-y-6">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight">{paths.developers.title}</h2>
        <p className="text-sm text-muted-foreground">
          Call the studio from your own systems: make an API key, then try the quick start.
        </p>
      </div>
      <ApiKeysCard />
      <QuickStartCard />
    </div>
  );
}
