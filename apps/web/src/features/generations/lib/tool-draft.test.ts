import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { readRunContext, toolDraftReader } from './tool-draft';

const readDraft = toolDraftReader(z.object({ colour: z.enum(['red', 'blue']), note: z.string() }));
const draft = {
  imageUrl: '/api/v1/media/upload_1',
  settings: { colour: 'blue', note: 'kept' },
  mode: 'quality',
  handedOver: { urls: ['/api/v1/media/a'], generationId: 'gen_1', prompt: 'p', style: 's' },
};

describe('toolDraftReader', () => {
  it('reads back a draft as it was kept', () => {
    expect(readDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
    expect(readDraft({ ...draft, imageUrl: null, handedOver: null })).toEqual({
      ...draft,
      imageUrl: null,
      handedOver: null,
    });
  });

  it('keeps the page but drops malformed handed-over results', () => {
    expect(readDraft({ ...draft, handedOver: { urls: 'a' } })).toEqual({
      ...draft,
      handedOver: null,
    });
    expect(readDraft({ ...draft, handedOver: undefined })).toEqual({ ...draft, handedOver: null });
  });

  it.each([
    ['a setting the tool does not offer', { ...draft, settings: { colour: 'green', note: '' } }],
    ['settings missing', { ...draft, settings: undefined }],
    ['a mode that does not exist', { ...draft, mode: 'turbo' }],
    ['an image that is not text', { ...draft, imageUrl: 5 }],
    ['not a draft at all', 'draft'],
  ])('counts %s as no draft', (_what, stored) => {
    expect(readDraft(stored)).toBeNull();
  });
});

describe('readRunContext', () => {
  it('reads a kept prompt and style, and nothing else', () => {
    expect(readRunContext({ prompt: 'p', style: 's', extra: 1 })).toEqual({
      prompt: 'p',
      style: 's',
    });
    expect(readRunContext({ prompt: 'p' })).toBeNull();
    expect(readRunContext(null)).toBeNull();
  });
});
