/** One gallery load, as document 1 §7 logs it. */
export interface GalleryPageView {
  page: number;
  type: string;
  /** The applied search, or 'none'. */
  search: string;
  timestamp: string;
}

export const PAGE_VIEWS_KEY = 'gallery:page-views';
/** Only recent history is useful on the client (the server keeps the real page-view record). */
export const PAGE_VIEWS_MAX = 50;

function readViews(storage: Storage): unknown[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(PAGE_VIEWS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

/** Appends a page view to this tab's log, keeping the latest 50. Never throws: logging is optional. */
export function recordGalleryPageView(view: GalleryPageView, storage?: Storage): void {
  try {
    const target = storage ?? window.sessionStorage;
    const views = [...readViews(target), view].slice(-PAGE_VIEWS_MAX);
    target.setItem(PAGE_VIEWS_KEY, JSON.stringify(views));
  } catch {
    // Storage can be full or blocked (private mode, embedded frames): the gallery works without it.
  }
}

/** This tab's logged page views, oldest first. */
export function readGalleryPageViews(storage?: Storage): unknown[] {
  try {
    return readViews(storage ?? window.sessionStorage);
  } catch {
    return [];
  }
}
