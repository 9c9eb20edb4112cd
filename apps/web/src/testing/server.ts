import type { SessionUser } from '@studio/contract';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const testUser: SessionUser = {
  id: 'user_123',
  email: 'ada.lovelace@example.com',
  name: 'Ada Lovelace',
  image: null,
  providers: ['credential'],
};

const notImplemented = () =>
  HttpResponse.json(
    { success: false, error: { code: 'not_found', message: 'Route not found' } },
    { status: 404 },
  );

/**
 * Default API: signed out, and the account endpoints the server does not have yet answer 404
 * (as they do today). Tests override what they need with the helpers below.
 */
export const handlers = [
  http.get('/api/v1/session', () => HttpResponse.json({ user: null })),
  http.post('/api/v1/user/credits', notImplemented),
  http.post('/api/v1/subscription/status', notImplemented),
  http.post('/api/v1/user/profile-details', notImplemented),
  http.post('/api/auth/sign-out', () => HttpResponse.json({ success: true })),
];

export const server = setupServer(...handlers);

/** GET /api/v1/session answers with this user (null: signed out). */
export function mockSession(user: SessionUser | null = testUser): void {
  server.use(http.get('/api/v1/session', () => HttpResponse.json({ user })));
}

/** The session call never answers, so the app stays in its loading state. */
export function mockSessionPending(): void {
  server.use(
    http.get('/api/v1/session', async () => {
      await delay('infinite');
      return HttpResponse.json({ user: null });
    }),
  );
}

export function mockCredits(credits: number): void {
  server.use(
    http.post('/api/v1/user/credits', () => HttpResponse.json({ success: true, credits })),
  );
}

export function mockSubscription(type: string): void {
  server.use(
    http.post('/api/v1/subscription/status', () =>
      HttpResponse.json({
        type,
        subscriptionCode: 102,
        endingTimestamp: null,
        previous_type: null,
      }),
    ),
  );
}

export function mockSubscriptionPending(): void {
  server.use(
    http.post('/api/v1/subscription/status', async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  );
}

export function mockProfile(profile: { name?: string | null }): void {
  server.use(
    http.post('/api/v1/user/profile-details', () =>
      HttpResponse.json({ success: true, data: profile }),
    ),
  );
}

/** Signed in with a known balance and plan, the usual starting point for shell tests. */
export function mockSignedIn({
  user = testUser,
  credits = 12,
  plan = 'free',
}: { user?: SessionUser; credits?: number; plan?: string } = {}): void {
  mockSession(user);
  mockCredits(credits);
  mockSubscription(plan);
}
