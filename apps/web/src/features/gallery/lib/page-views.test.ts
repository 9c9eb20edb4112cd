import { describe, expect, it } from 'vitest';
import {
  PAGE_VIEWS_KEY,
  PAGE_VIEWS_MAX,
  readGalleryPageViews,
  recordGalleryPageView,
} from './page-views';

const view = (page: number) => ({
  page,
  type: 'all',
  search: 'none',
  timestamp: '2026-01-10T12:00:00.000Z',
});

describe('recordGalleryPageView', () => {
  it("appends each load to the tab's session storage", () => {
    recordGalleryPageView(view(1));
    recordGalleryPageView({ ...view(2), type: 'try-on', search: 'silk' });

    expect(readGalleryPageViews()).toEqual([
      view(1),
      { ...view(2), type: 'try-on', search: 'silk' },
    ]);
  });

  it('keeps only the latest 50 views', () => {
    for (let page = 1; page <= PAGE_VIEWS_MAX + 5; page += 1) recordGalleryPageView(view(page));

    const views = readGalleryPageViews();
    expect(views).toHaveLength(50);
    expect(views[0]).toEqual(view(6));
    expect(views.at(-1)).toEqual(view(55));
  });

  it('starts a new log over unreadable stored data', () => {
    window.sessionStorage.setItem(PAGE_VIEWS_KEY, '{not json');
    recordGalleryPageView(view(3));
    expect(readGalleryPageViews()).toEqual([view(3)]);
  });

  it('does not throw when storage refuses to write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => {
      recordGalleryPageView(view(1), full);
    }).not.toThrow();
  });
});
