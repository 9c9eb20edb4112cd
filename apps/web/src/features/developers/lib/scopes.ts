import { API_KEY_SCOPES, type ApiKeyScope } from '@studio/contract/constants';
import type { Choice } from '@/lib/choices';

// A record over the scopes, so a new scope in the contract fails the type check until it is described.
const scopeDescriptions: Record<ApiKeyScope, string> = {
  generate: 'Upload images and start generations (spends credits).',
  read: 'Read generations, batches, the gallery and your credit balance.',
  webhooks: 'Manage webhook endpoints and read their deliveries.',
};

/** The scopes in the server's order, each with the one line the create form shows under it. */
export const scopeChoices: readonly Choice<ApiKeyScope>[] = API_KEY_SCOPES.map((value) => ({
  value,
  description: scopeDescriptions[value],
}));

/** Scopes a new key starts with: what the quick start needs. */
export const defaultScopes: readonly ApiKeyScope[] = ['generate', 'read'];
