import { describe, expect, it } from 'vitest';
import { shareableUrls, shareTargets, shareText } from './share-links';

const origin = 'https://studio.example';

describe('shareableUrls', () => {
  it('makes media paths absolute, images before videos', () => {
    expect(
      shareableUrls(
        { imageUrlList: ['/api/v1/media/a', '/api/v1/media/b'], videoUrlList: ['/api/v1/media/v'] },
        origin,
      ),
    ).toEqual([`${origin}/api/v1/media/a`, `${origin}/api/v1/media/b`, `${origin}/api/v1/media/v`]);
  });

  it('keeps http(s) links from elsewhere', () => {
    expect(
      shareableUrls(
        {
          imageUrlList: ['https://cdn.example/x.jpg', 'http://cdn.example/y.jpg'],
          videoUrlList: [],
        },
        origin,
      ),
    ).toEqual(['https://cdn.example/x.jpg', 'http://cdn.example/y.jpg']);
  });

  it('drops javascript:, data:, blob: and invalid URLs', () => {
    expect(
      shareableUrls(
        {
          imageUrlList: [
            'javascript:alert(1)',
            'data:image/png;base64,AAAA',
            'blob:https://studio.example/123',
            'http://',
            '',
            '/api/v1/media/ok',
          ],
          videoUrlList: ['JAVASCRIPT:alert(2)'],
        },
        origin,
      ),
    ).toEqual([`${origin}/api/v1/media/ok`]);
  });

  it('lists a link once, also when a path and its absolute form both appear', () => {
    expect(
      shareableUrls(
        {
          imageUrlList: ['/api/v1/media/a', `${origin}/api/v1/media/a`, '/api/v1/media/a'],
          videoUrlList: ['/api/v1/media/a'],
        },
        origin,
      ),
    ).toEqual([`${origin}/api/v1/media/a`]);
  });

  it('is empty when nothing can be shared', () => {
    expect(shareableUrls({ imageUrlList: [], videoUrlList: [] }, origin)).toEqual([]);
  });
});

describe('shareTargets', () => {
  const urls = [`${origin}/api/v1/media/a?x=1&y=2`, `${origin}/api/v1/media/b`];

  it('offers messaging, social networks and email', () => {
    expect(shareTargets(urls).map((target) => target.name)).toEqual([
      'WhatsApp',
      'Telegram',
      'X (Twitter)',
      'Facebook',
      'Pinterest',
      'Email',
    ]);
  });

  it('encodes the share text and the first link into every target', () => {
    const targets = Object.fromEntries(shareTargets(urls).map((t) => [t.name, t.href]));
    const text = encodeURIComponent(shareText(urls));
    const first = encodeURIComponent(urls[0] ?? '');

    expect(targets.WhatsApp).toBe(`https://wa.me/?text=${text}`);
    expect(targets.Telegram).toBe(`https://t.me/share/url?url=${first}&text=${text}`);
    expect(targets['X (Twitter)']).toBe(`https://twitter.com/intent/tweet?text=${text}`);
    expect(targets.Facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${first}`);
    expect(targets.Pinterest).toContain(`url=${first}&media=${first}`);
    expect(targets.Email).toMatch(/^mailto:\?subject=[^&]+&body=/);
    expect(targets.Email).toContain(text);
    // A raw '&' from a media URL would split the parameters.
    expect(targets.Telegram?.split('&')).toHaveLength(2);
  });

  it('puts every link in the share text, one per line', () => {
    expect(shareText(urls).split('\n').slice(1)).toEqual(urls);
  });
});
