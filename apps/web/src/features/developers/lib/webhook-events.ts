import { WEBHOOK_EVENTS, type WebhookEvent } from '@studio/contract/constants';
import type { Choice } from '@/lib/choices';

// A record over the events, so a new event in the contract fails the type check until it is described.
const eventDescriptions: Record<WebhookEvent, string> = {
  'generation.succeeded': 'A generation finished; the payload links its outputs.',
  'generation.failed': 'A generation failed; its credits were refunded.',
  'batch.completed': 'Every item of a catalogue batch has finished.',
  'credits.low': 'Your balance fell below 20 credits.',
};

/** The events in the server's order, each with the line the add-endpoint form shows under it. */
export const eventChoices: readonly Choice<WebhookEvent>[] = WEBHOOK_EVENTS.map((value) => ({
  value,
  description: eventDescriptions[value],
}));

/** Events a new endpoint starts with: when work finishes, either way. */
export const defaultEvents: readonly WebhookEvent[] = ['generation.succeeded', 'generation.failed'];
