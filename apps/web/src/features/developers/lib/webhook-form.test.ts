import { describe, expect, it } from 'vitest';
import { validateWebhookForm, webhookFormMessages } from './webhook-form';

const events = ['generation.succeeded'] as const;

describe('validateWebhookForm', () => {
  it('accepts an https URL and one event', () => {
    expect(validateWebhookForm({ url: ' https://shop.example/hooks ', events })).toEqual({});
  });

  it('asks for a URL when it is empty', () => {
    expect(validateWebhookForm({ url: '  ', events })).toEqual({
      url: webhookFormMessages.urlRequired,
    });
  });

  it('refuses text that is not a URL', () => {
    expect(validateWebhookForm({ url: 'shop.example/hooks', events })).toEqual({
      url: webhookFormMessages.urlInvalid,
    });
  });

  it("refuses a scheme other than the web's, and leaves plain http to the server", () => {
    expect(validateWebhookForm({ url: 'ftp://shop.example/hooks', events })).toEqual({
      url: webhookFormMessages.urlNotHttps,
    });
    expect(validateWebhookForm({ url: 'http://localhost:4000/hooks', events })).toEqual({});
  });

  it('refuses a URL over 2048 characters', () => {
    const url = `https://shop.example/${'a'.repeat(2048)}`;
    expect(validateWebhookForm({ url, events })).toEqual({ url: webhookFormMessages.urlTooLong });
  });

  it('asks for at least one event', () => {
    expect(validateWebhookForm({ url: 'https://shop.example/hooks', events: [] })).toEqual({
      events: webhookFormMessages.eventRequired,
    });
  });
});
