import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './refuse-unstorable-text';

describe('findUnstorableText', () => {
  it('names the path of the first string holding U+0000', () => {
    expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      path: 'a.1.c',
      problem: 'nul',
    });
    expect(findUnstorableText('\u0000')).toEqual({ path: '', problem: 'nul' });
    expect(findUnstorableText({ a: 'clean', n: 1, t: true, z: null })).toBeUndefined();
  });

  it.each([
    ['a high surrogate alone', '\ud800'],
    ['a high surrogate at the end', 'dress \ud83d'],
    ['a high surrogate followed by another high one', '\ud83d\ud83d\ude00'],
    ['a low surrogate alone', '\udc00'],
    ['a low surrogate not preceded by a high one', 'a\ude00b'],
    ['a pair in the wrong order', '\ude00\ud83d'],
  ])('finds %s', (_what, text) => {
    expect(findUnstorableText({ garment: { name: text } })).toEqual({
      path: 'garment.name',
      problem: 'lone-surrogate',
    });
  });

  it('takes text with whole surrogate pairs (emoji, rare CJK) and every other character', () => {
    expect(
      findUnstorableText({
        prompt: 'red dress 😀 𠀀 \uffff \ufffd \u0001',
        list: ['👗', '\ud83d\ude00'],
      }),
    ).toBeUndefined();
  });

  it('finds a lone surrogate in an object key and escapes it in the path', () => {
    expect(findUnstorableText({ settings: { ['a\ud800😀']: 1 } })).toEqual({
      path: 'settings.a\\ud800😀',
      problem: 'lone-surrogate',
    });
    expect(findUnstorableText({ settings: { ['a\u0000']: 1 } })).toEqual({
      path: 'settings.a\\u0000',
      problem: 'nul',
    });
  });

  it('reports NUL for a string holding both, as before', () => {
    expect(findUnstorableText(['\ud800\u0000'])).toEqual({ path: '0', problem: 'nul' });
  });

  it('sees the lone surrogate JSON.parse makes of the escape a client sends', () => {
    expect(findUnstorableText(JSON.parse('{"method":"\\ud800"}'))).toEqual({
      path: 'method',
      problem: 'lone-surrogate',
    });
  });

  it('walks a body nested 200,000 levels deep without overflowing the stack', () => {
    for (const escape of ['\\u0000', '\\udc00']) {
      const deep: unknown = JSON.parse(`${'['.repeat(200_000)}"${escape}"${']'.repeat(200_000)}`);
      expect(findUnstorableText(deep)?.path).toMatch(/^0(\.0)+$/);
    }
  });

  it('leaves raw bytes alone: a signed webhook body is verified as received', () => {
    expect(findUnstorableText(Buffer.from('a\u0000b'))).toBeUndefined();
    expect(findUnstorableText(Buffer.from([0xed, 0xa0, 0x80]))).toBeUndefined();
  });
});
