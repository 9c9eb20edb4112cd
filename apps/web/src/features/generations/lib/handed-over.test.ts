import { describe, expect, it } from 'vitest';
import { readHandedOver } from './handed-over';

const past = { urls: ['/api/v1/media/a'], generationId: 'gen_1', prompt: 'a red dress' };

describe('readHandedOver', () => {
  it('reads results a draft kept, with their style when there is one', () => {
    expect(readHandedOver(JSON.parse(JSON.stringify(past)))).toEqual(past);
    expect(readHandedOver({ ...past, style: '3, 7' })).toEqual({ ...past, style: '3, 7' });
  });

  it('drops a style that is not text, keeping the results', () => {
    expect(readHandedOver({ ...past, style: 7 })).toEqual(past);
  });

  it.each([
    ['nothing', null],
    ['text', 'gen_1'],
    ['urls that are not a list', { ...past, urls: '/api/v1/media/a' }],
    ['a url that is not text', { ...past, urls: ['/api/v1/media/a', 4] }],
    ['no generation id', { urls: past.urls, prompt: past.prompt }],
    ['a prompt that is not text', { ...past, prompt: null }],
  ])('counts %s as no results', (_what, stored) => {
    expect(readHandedOver(stored)).toBeNull();
  });
});
