import { describe, expect, it } from 'vitest';
import { sidebarNavItems } from './nav-items';

describe('sidebarNavItems', () => {
  it('lists the spec items with their paths, in order', () => {
    expect(sidebarNavItems.map(({ label, path }) => [label, path])).toEqual([
      ['Dashboard', '/'],
      ['Clothes AI Photoshoot', '/try-on'],
      ['Advance Clothes AI Photoshoot', '/realistic-photoshoot'],
      ['AI Designer', '/ai-designer'],
      ['AI Pose Change', '/ai-poses'],
      ['Fashion Extractor', '/fashion-extractor'],
      ['Product AI Photoshoot', '/photoshoot'],
      ['Colourways', '/colourways'],
      ['Angle Sets', '/angle-sets'],
      ['Canvas Editor', '/canvas-editor'],
      ['My Gallery', '/gallery'],
      ['Credit History', '/credit-history'],
      ['Analytics', '/analytics'],
      ['Subscription', '/subscription'],
    ]);
  });
});
