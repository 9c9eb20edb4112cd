import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export function newUser(name = 'Maya Rao'): TestUser {
  return {
    name,
    email: `maya-${randomBytes(4).toString('hex')}@example.com`,
    password: 'a long test password',
  };
}

/** Creates an account through the API with the page's own cookie jar, so the page is signed in. */
export async function signUp(
  page: Page,
  baseURL: string,
  user: TestUser = newUser(),
): Promise<TestUser> {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { origin: new URL(baseURL).origin },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return user;
}

export const screenshotDir = new URL('../artifacts/screenshots/', import.meta.url).pathname;

/** Who the local mock Google provider (mock-idp.ts) signs in. */
export const MOCK_GOOGLE_CLIENT_ID = 'e2e-google-client';
export const googleIdentity = {
  sub: 'e2e-google-1',
  email: 'gita.google@example.com',
  name: 'Gita Sharma',
};
