import { describe, expect, it } from 'vitest';
import {
  getDocumentTitle,
  getHeaderTitle,
  isFullWidthPage,
  isNavItemActive,
} from './route-matching';

describe('isNavItemActive', () => {
  it('marks the root item active only on / itself', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/gallery')).toBe(false);
    expect(isNavItemActive('/', '/try-on/result')).toBe(false);
  });

  it('marks an item active on its exact path', () => {
    expect(isNavItemActive('/gallery', '/gallery')).toBe(true);
  });

  it('marks an item active on nested paths below it', () => {
    expect(isNavItemActive('/gallery', '/gallery/x')).toBe(true);
    expect(isNavItemActive('/gallery', '/gallery/')).toBe(true);
    expect(isNavItemActive('/canvas-editor', '/canvas-editor/abc/def')).toBe(true);
  });

  it('does not match other items or a longer word sharing the prefix', () => {
    expect(isNavItemActive('/gallery', '/credit-history')).toBe(false);
    expect(isNavItemActive('/photoshoot', '/realistic-photoshoot')).toBe(false);
    expect(isNavItemActive('/gallery', '/gallery-pro')).toBe(false);
  });
});

describe('getHeaderTitle', () => {
  it.each([
    ['/', ''],
    ['/try-on', 'Clothes AI Photoshoot'],
    ['/ai-poses', 'AI Pose Change'],
    ['/photoshoot', 'Product AI Photoshoot'],
    ['/fashion-extractor', 'Fashion Extractor'],
    ['/canvas-editor', 'Canvas Editor'],
    ['/credit-history', 'Credit History'],
    ['/profile', 'Profile'],
    ['/account-settings', 'Account Settings'],
  ])('titles %s as "%s"', (path, title) => {
    expect(getHeaderTitle(path)).toBe(title);
  });

  it.each([
    ['/gallery', 'My Gallery'],
    ['/subscription', 'Subscription'],
    ['/realistic-photoshoot', 'Advance Clothes AI Photoshoot'],
    ['/ai-designer', 'AI Designer'],
    ['/settings', 'Settings'],
    ['/upgrade', 'Upgrade'],
    ['/contact', 'Contact'],
    ['/analytics', 'Analytics'],
  ])('titles %s by its page name "%s" (ADR 050), not the product name', (path, title) => {
    expect(getHeaderTitle(path)).toBe(title);
  });

  it('keeps the product name for an unknown path', () => {
    expect(getHeaderTitle('/no-such-page')).toBe('AI Product Studio');
  });

  it('ignores a trailing slash', () => {
    expect(getHeaderTitle('/try-on/')).toBe('Clothes AI Photoshoot');
  });
});

describe('isFullWidthPage', () => {
  it('gives the canvas editor and pose pages the full width', () => {
    expect(isFullWidthPage('/canvas-editor')).toBe(true);
    expect(isFullWidthPage('/ai-poses')).toBe(true);
  });

  it('keeps other pages in the centred container', () => {
    expect(isFullWidthPage('/')).toBe(false);
    expect(isFullWidthPage('/gallery')).toBe(false);
    expect(isFullWidthPage('/try-on')).toBe(false);
  });
});

describe('getDocumentTitle', () => {
  it('names the page and the product', () => {
    expect(getDocumentTitle('/')).toBe('Dashboard · AI Product Studio');
    expect(getDocumentTitle('/gallery')).toBe('My Gallery · AI Product Studio');
    expect(getDocumentTitle('/gallery/42')).toBe('My Gallery · AI Product Studio');
  });

  it('uses the product name alone for unknown pages', () => {
    expect(getDocumentTitle('/nope')).toBe('AI Product Studio');
  });
});
