import type { WebhookEvent } from '@studio/contract/constants';

/** The same bound the server checks (the contract's create request). */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** The server's own words where both sides check the same thing. */
export const webhookFormMessages = {
  urlRequired: 'Enter the URL to deliver to',
  urlInvalid: 'Enter a full URL, like https://example.com/webhooks',
  urlNotHttps: 'Webhook URLs must start with https://',
  urlTooLong: `A URL is at most ${String(WEBHOOK_URL_MAX_LENGTH)} characters`,
  eventRequired: 'Choose at least one event',
} as const;

export interface WebhookFormValues {
  url: string;
  events: readonly WebhookEvent[];
}

export type WebhookFormErrors = Partial<Record<keyof WebhookFormValues, string>>;

// Plain http is the server's to refuse: it takes it for the hosts its operator allows (a local
// receiver in development), which the page cannot know.
const WEB_PROTOCOLS = new Set(['https:', 'http:']);

/**
 * The add-endpoint form's check: a message per field in trouble. Only the shape is checked here;
 * whether the host may be reached (https, no private or loopback address) only the server can say.
 */
export function validateWebhookForm(values: WebhookFormValues): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const url = values.url.trim();
  if (url === '') errors.url = webhookFormMessages.urlRequired;
  else if (url.length > WEBHOOK_URL_MAX_LENGTH) errors.url = webhookFormMessages.urlTooLong;
  else if (!URL.canParse(url)) errors.url = webhookFormMessages.urlInvalid;
  else if (!WEB_PROTOCOLS.has(new URL(url).protocol)) errors.url = webhookFormMessages.urlNotHttps;
  if (values.events.length === 0) errors.events = webhookFormMessages.eventRequired;
  return errors;
}
