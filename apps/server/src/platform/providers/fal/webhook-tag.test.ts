import { describe, expect, it } from 'vitest';
import { createWebhookTagger } from './webhook-tag';

const tagger = createWebhookTagger('a-secret-of-at-least-thirty-two-characters!');
const tag = { generationId: 'gen_abc', modelId: 'fal-ai/flux/dev', requests: 1 };
const queryOf = (href: string) => Object.fromEntries(new URL(href).searchParams);

describe('the webhook URL tag', () => {
  it('reads back the generation, model and request count it was given', () => {
    const href = tagger.urlFor('https://studio.example.com/api/v1/webhooks/fal', tag);
    expect(href.startsWith('https://studio.example.com/api/v1/webhooks/fal?')).toBe(true);
    expect(tagger.read(queryOf(href))).toEqual(tag);
  });

  it('refuses a tag pointed at another generation, model or count', () => {
    const query = queryOf(tagger.urlFor('https://s.example/api/v1/webhooks/fal', tag));
    expect(tagger.read({ ...query, generation: 'gen_other' })).toBeUndefined();
    expect(tagger.read({ ...query, model: 'fal-ai/other' })).toBeUndefined();
    expect(tagger.read({ ...query, requests: '2' })).toBeUndefined();
  });

  it('refuses a tag signed under another secret, and a URL without one', () => {
    const other = createWebhookTagger('another-secret-of-at-least-thirty-two-chars');
    const query = queryOf(other.urlFor('https://s.example/hook', tag));
    expect(tagger.read(query)).toBeUndefined();
    expect(tagger.read({})).toBeUndefined();
  });
});
