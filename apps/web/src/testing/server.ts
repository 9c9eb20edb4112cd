import type { SessionUser, UserProfile } from '@studio/contract';
import { planCodeOf } from '@studio/contract/plans';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { analyticsHandlers } from './analytics-handlers';
import { billingHandlers, freeSubscriptionStatus } from './billing-handlers';
import { creditHistoryHandlers } from './credit-history-handlers';
import { galleryHandlers } from './gallery-handlers';
import { generationHandlers } from './generation-handlers';
import { promoHandlers } from './promo-handlers';
import { siteInfoHandlers } from './site-info-handlers';

export const testUser: SessionUser = {
  id: 'user_123',
  email: 'ada.lovelace@example.com',
  name: 'Ada Lovelace',
  image: null,
  providers: ['credential'],
};

/** An account that signs in with Google only (no password). */
export const googleUser: SessionUser = {
  id: 'user_g1',
  email: 'gita.sharma@example.com',
  name: 'Gita Sharma',
  image: null,
  providers: ['google'],
};

export function errorResponse(status: number, code: string, message: string) {
  return HttpResponse.json({ success: false, error: { code, message } }, { status });
}

/*
 * A small in-memory stand-in for the accounts API: /user/register creates the profile from its
 * payload (as the server does), /user/profile-details and PUT /user/profile read and change it.
 * Reset after every test (setup.ts).
 */
const profiles = new Map<string, UserProfile>();
let profileSeed: Partial<UserProfile> = {};
/** Who mockSession() signed in: the calls without a userId act on this user. */
let sessionUserId: string | null = null;

export function resetFakeAccounts(): void {
  profiles.clear();
  profileSeed = {};
  sessionUserId = null;
}

/** The profile the fake server now holds for `userId` (after registration). */
export function storedProfile(userId: string = testUser.id): UserProfile | undefined {
  return profiles.get(userId);
}

function missingFields(profile: UserProfile) {
  return {
    companyName: profile.companyName.trim() === '',
    phoneNumber: profile.phoneNumber.trim() === '',
  };
}

interface RegisterBody {
  userId: string;
  emailId?: string;
  name?: string;
  profileUrl?: string;
}

function register(body: RegisterBody): { profile: UserProfile; created: boolean } {
  const existing = profiles.get(body.userId);
  if (existing) return { profile: existing, created: false };
  const profile: UserProfile = {
    uid: body.userId,
    name: body.name ?? 'Anonymous User',
    emailId: body.emailId ?? '',
    companyName: '',
    phoneNumber: '',
    profileUrl: body.profileUrl ?? '',
    credits: 5,
    registrationDate: '2025-01-15T10:00:00.000Z',
    lastSignIn: '2026-01-10T09:30:00.000Z',
    accountType: 'Standard User',
    ...profileSeed,
  };
  profiles.set(body.userId, profile);
  return { profile, created: true };
}

function profileOf(userId: string) {
  return profiles.get(userId);
}

const notRegistered = () => errorResponse(404, 'not_found', 'Profile not found');

/**
 * Default API: signed out; Google and email sign-in offered; the accounts endpoints backed by
 * the fake store above; the subscription endpoint (issue 4) answering 404 as the server does.
 * Tests override what they need with the helpers below.
 */
export const handlers = [
  http.get('/api/v1/session', () => HttpResponse.json({ user: null })),
  http.get('/api/v1/auth/providers', () => HttpResponse.json({ google: true, email: true })),
  http.post('/api/v1/user/register', async ({ request }) => {
    const { profile, created } = register((await request.json()) as RegisterBody);
    return HttpResponse.json({ success: true, created, data: profile });
  }),
  http.post('/api/v1/user/profile-details', async ({ request }) => {
    const { userId } = (await request.json()) as { userId: string };
    const profile = profileOf(userId);
    if (!profile) return notRegistered();
    return HttpResponse.json({
      success: true,
      data: profile,
      missingFields: missingFields(profile),
    });
  }),
  http.put('/api/v1/user/profile', async ({ request }) => {
    const { userId, ...changes } = (await request.json()) as { userId: string } & Partial<
      Record<'name' | 'companyName' | 'phoneNumber', string>
    >;
    const profile = profileOf(userId);
    if (!profile) return notRegistered();
    const updated = { ...profile, ...changes };
    profiles.set(userId, updated);
    return HttpResponse.json({ success: true, updated: Object.keys(changes), data: updated });
  }),
  http.put('/api/v1/user/name', async ({ request }) => {
    const { name } = (await request.json()) as { name: string };
    const profile = sessionUserId ? profileOf(sessionUserId) : undefined;
    if (!profile) return notRegistered();
    const updated = { ...profile, name };
    profiles.set(profile.uid, updated);
    return HttpResponse.json({ success: true, data: updated });
  }),
  http.post('/api/v1/user/credits', async ({ request }) => {
    const { userId } = (await request.json()) as { userId: string };
    return HttpResponse.json({ success: true, credits: profileOf(userId)?.credits ?? 0 });
  }),
  http.post('/api/v1/user/password', () =>
    HttpResponse.json({
      success: true,
      message: 'Password changed. You were signed out everywhere else.',
    }),
  ),
  http.post('/api/v1/user/delete-account', () =>
    HttpResponse.json({ success: true, message: 'Your account has been deleted.' }),
  ),
  http.post('/api/auth/sign-out', () => HttpResponse.json({ success: true })),
  http.post('/api/auth/request-password-reset', () =>
    HttpResponse.json({ status: true, message: 'If this email exists, a link was sent.' }),
  ),
  http.post('/api/auth/reset-password', () => HttpResponse.json({ status: true })),
  http.post('/api/auth/sign-in/social', () =>
    HttpResponse.json({ url: 'https://idp.example/authorize?state=abc', redirect: false }),
  ),
];

export const server = setupServer(
  ...handlers,
  ...billingHandlers,
  ...creditHistoryHandlers,
  ...galleryHandlers,
  ...generationHandlers,
  ...siteInfoHandlers,
  ...promoHandlers,
  ...analyticsHandlers,
);

/** GET /api/v1/session answers with this user (null: signed out). */
export function mockSession(user: SessionUser | null = testUser): void {
  sessionUserId = user?.id ?? null;
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

export function mockProviders(providers: { google: boolean; email: boolean }): void {
  server.use(http.get('/api/v1/auth/providers', () => HttpResponse.json(providers)));
}

export function mockCredits(credits: number): void {
  server.use(
    http.post('/api/v1/user/credits', () => HttpResponse.json({ success: true, credits })),
  );
}

export function mockCreditsFailure(): void {
  server.use(http.post('/api/v1/user/credits', () => errorResponse(500, 'internal_error', 'Boom')));
}

/** The fields of a `/subscription/status` answer a test may set; the rest default to Free's. */
export interface SubscriptionStatusFields {
  type?: string;
  subscriptionCode?: number;
  subscriptionId?: string | null;
  endingTimestamp?: string | null;
  transactionTimestamp?: string | null;
  previous_type?: string | null;
  previous_subscriptionCode?: number | null;
  scheduled_type?: string | null;
  scheduled_start?: string | null;
  upgrade_credit?: { USD: number; INR: number };
  upgrade_cycles?: number;
}

/** POST /subscription/status answers with this plan type (and any other fields given). */
export function mockSubscription(type: string, fields: SubscriptionStatusFields = {}): void {
  mockSubscriptionStatus({ type, subscriptionCode: planCodeOf(type), ...fields });
}

/** POST /subscription/status answers with Free's status overridden by `fields`. */
export function mockSubscriptionStatus(fields: SubscriptionStatusFields): void {
  server.use(
    http.post('/api/v1/subscription/status', () =>
      HttpResponse.json({ ...freeSubscriptionStatus, ...fields }),
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

export function mockSubscriptionFailure(): void {
  server.use(
    http.post('/api/v1/subscription/status', () => errorResponse(500, 'internal_error', 'Boom')),
  );
}

/** The profile registration creates for the next user starts with these fields. */
export function mockProfile(profile: Partial<UserProfile>): void {
  profileSeed = { ...profileSeed, ...profile };
}

/** Signed in with a known balance and plan, the usual starting point for shell tests. */
export function mockSignedIn({
  user = testUser,
  credits = 12,
  plan = 'free',
  profile,
}: {
  user?: SessionUser;
  credits?: number;
  plan?: string;
  profile?: Partial<UserProfile>;
} = {}): void {
  mockSession(user);
  mockCredits(credits);
  mockSubscription(plan);
  if (profile) mockProfile(profile);
}
