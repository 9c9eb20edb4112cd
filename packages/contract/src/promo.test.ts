import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { isPromoCtaLink } from './promo';
import { promoBannerSchema, type PromoBanner } from './responses/promo';

const banner: PromoBanner = {
  title: 'Festive sale',
  discount: '50% OFF',
  sub_message: 'On every Pro plan',
  cta_text: 'Upgrade now',
  cta_link: '/subscription',
  variant: 'urgent',
  end_date: '2026-12-31T18:29:00.000Z',
  timer_duration: null,
};

describe('isPromoCtaLink', () => {
  it('takes a same-site path or an https URL', () => {
    for (const link of [
      '/',
      '/subscription',
      '/canvas-editor?tool=upscaler#top',
      'https://shop.example.com',
      'https://shop.example.com:8443/sale?utm=dash',
    ]) {
      expect(isPromoCtaLink(link), link).toBe(true);
    }
  });

  it('refuses script, data, plain http, protocol-relative, credentials and odd characters', () => {
    for (const link of [
      '',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,hi',
      'vbscript:x',
      'http://shop.example.com',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://user:pw@shop.example.com',
      'https://shop.example.com@evil.example',
      'https:evil.example',
      'subscription',
      '/a b',
      '/caf\u00e9',
      `/${'x'.repeat(500)}`,
    ]) {
      expect(isPromoCtaLink(link), link).toBe(false);
    }
  });
});

describe('promoBannerSchema', () => {
  it('encodes a complete banner', () => {
    expect(z.encode(promoBannerSchema, banner)).toEqual(banner);
  });

  it('reads an odd variant as default and a missing timer as none', () => {
    const read = promoBannerSchema.parse({ ...banner, variant: 'loud', timer_duration: 'x' });
    expect(read.variant).toBe('default');
    expect(read.timer_duration).toBeNull();
  });
});
