import type { RequestHandler } from 'msw';

/** Default fake API for the credit-history feature; tests override with server.use(). */
export const creditHistoryHandlers: RequestHandler[] = [];
