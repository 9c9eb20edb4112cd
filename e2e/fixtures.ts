import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/** The studio configured for fal, and the fake fal it calls (playwright.config.ts). */
export const falAppPort = Number(process.env.E2E_FAL_APP_PORT ?? 3221);
export const fakeFalPort = Number(process.env.E2E_FAKE_FAL_PORT ?? 3222);
export const FAKE_FAL_KEY = 'e2e-fake-fal-key';

/** Who the local mock Google provider (mock-idp.ts) signs in. */
export const MOCK_GOOGLE_CLIENT_ID = 'e2e-google-client';
export const googleIdentity = {
  sub: 'e2e-google-1',
  email: 'gita.google@example.com',
  name: 'Gita Sharma',
};

/** Sends the page's own cookies with the Origin header the server's CSRF check expects. */
async function apiPost(page: Page, baseURL: string, path: string, data: unknown) {
  const res = await page.request.post(path, {
    data,
    headers: { origin: new URL(baseURL).origin },
  });
  if (!res.ok()) throw new Error(`${path} failed: ${String(res.status())} ${await res.text()}`);
  return res;
}

export async function currentUserId(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/session');
  const body = (await res.json()) as { user: { id: string } };
  return body.user.id;
}

/**
 * Buys a plan through the sandbox provider's API: the same fulfilment as a paid webhook, without
 * clicking through checkout again (billing.spec.ts covers that screen).
 */
export async function buyPlan(page: Page, baseURL: string, serviceType = 'pro_monthly') {
  const userId = await currentUserId(page);
  const link = await apiPost(page, baseURL, '/api/v1/generate-payment-link', {
    service_type: serviceType,
    userId,
    amount: 0,
    quantity: 1,
  });
  const { orderId } = (await link.json()) as { orderId: string };
  await apiPost(page, baseURL, '/api/v1/payments/sandbox/complete', { orderId, outcome: 'paid' });
}

export async function availableCredits(page: Page, baseURL: string): Promise<number> {
  const res = await apiPost(page, baseURL, '/api/v1/user/credits', {
    userId: await currentUserId(page),
  });
  return ((await res.json()) as { credits: number }).credits;
}

/** Uploads a photo and runs one 2x upscale to the end through the API (1 credit). */
export async function upscaleThroughApi(page: Page, baseURL: string, photo: Buffer, times = 1) {
  const userId = await currentUserId(page);
  const upload = await page.request.post('/api/v1/uploads', {
    multipart: { userId, files: { name: 'look.jpg', mimeType: 'image/jpeg', buffer: photo } },
    headers: { origin: new URL(baseURL).origin },
  });
  if (!upload.ok()) throw new Error(`upload failed: ${String(upload.status())}`);
  const { url } = (await upload.json()) as { url: string };
  for (let i = 0; i < times; i++) {
    const res = await apiPost(page, baseURL, '/api/v1/upscaler?wait=60', {
      userId,
      imageUrl: url,
    });
    const body = (await res.json()) as { success: boolean; message: string };
    if (!body.success) throw new Error(`upscale failed: ${body.message}`);
  }
}

/** axe-core on the current page: no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
    ),
  ).toEqual([]);
}

/** The page does not scroll sideways (a 390 px phone must not need it). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Uploads a photo through the API with the page's cookies; answers its media URL. */
export async function uploadThroughApi(page: Page, baseURL: string, photo: Buffer) {
  const upload = await page.request.post('/api/v1/uploads', {
    multipart: {
      userId: await currentUserId(page),
      files: { name: 'look.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
    headers: { origin: new URL(baseURL).origin },
  });
  if (!upload.ok()) throw new Error(`upload failed: ${String(upload.status())}`);
  return ((await upload.json()) as { url: string }).url;
}

/**
 * Runs one generation to the end through the API (`path`: a generate path such as
 * '/api/v1/video/generate', `body`: its settings); answers its id.
 */
export async function generateThroughApi(
  page: Page,
  baseURL: string,
  path: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await apiPost(page, baseURL, `${path}?wait=120`, {
    ...body,
    userId: await currentUserId(page),
  });
  const result = (await res.json()) as { success: boolean; generationId: string; message: string };
  if (!result.success) throw new Error(`${path} failed: ${result.message}`);
  return result.generationId;
}
