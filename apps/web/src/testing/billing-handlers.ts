import type { RequestHandler } from 'msw';

/** Default fake API for the billing feature; tests override with server.use(). */
export const billingHandlers: RequestHandler[] = [];
