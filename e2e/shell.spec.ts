import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  createAccountOnLoginScreen,
  expectNoHorizontalScroll,
  newUser,
  screenshotDir,
  signUp,
} from './fixtures';

fs.mkdirSync(screenshotDir, { recursive: true });

const sidebarItems = [
  ['Dashboard', '/'],
  ['Clothes AI Photoshoot', '/try-on'],
  ['Advance Clothes AI Photoshoot', '/realistic-photoshoot'],
  ['AI Pose Change', '/ai-poses'],
  ['Fashion Extractor', '/fashion-extractor'],
  ['Product AI Photoshoot', '/photoshoot'],
  ['Canvas Editor', '/canvas-editor'],
  ['My Gallery', '/gallery'],
  ['Credit History', '/credit-history'],
  ['Subscription', '/subscription'],
] as const;

test('an unauthenticated visitor to a guarded route lands on the login screen', async ({
  page,
}) => {
  await page.goto('/gallery');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/login-desktop-1440.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/login-mobile-390.png`, fullPage: true });
});

test('the login consent links open the privacy policy and the terms, readable signed out', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your uploads' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Terms' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Failed generations and refunds' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${screenshotDir}/terms-mobile-390.png`, fullPage: true });
});

test('a new user creates an account on the login screen and reaches the shell', async ({
  page,
}) => {
  await createAccountOnLoginScreen(page, newUser('Maya Rao'));

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged In')).toBeVisible();
  // A brand-new account is welcomed, not welcomed "back".
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, href] of sidebarItems) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  // Every new account starts with the Free plan's 5 credits.
  await expect(page.getByRole('banner').getByText(/\b5 credits\b/i)).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/shell-desktop-1440.png`, fullPage: true });
});

test('the sidebar navigates, marks the active item and the header titles the page', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Credit History' }).click();
  await expect(page).toHaveURL(/\/credit-history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Credit History' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Credit History' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );

  // A deep link survives a full reload (SPA fallback + session cookie).
  await page.goto('/canvas-editor?tool=upscaler');
  await expect(page.getByRole('heading', { level: 1, name: 'Canvas Editor' })).toBeVisible();
  await page.goto('/contact');
  // Every page of the shell is titled by its own name (ADR 050), not 'AI Product Studio'.
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
});

test('the desktop sidebar collapses to an icon rail and expands again', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await page.goto('/gallery');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toHaveCSS('width', '256px');
  await page.getByRole('button', { name: /collapse sidebar/i }).click();
  await expect(sidebar).toHaveCSS('width', '64px');
  // Icon-only links name themselves in a tooltip beside the rail, on hover and keyboard focus.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Credit History' }).hover();
  const tip = page.getByRole('tooltip');
  await expect(tip).toHaveText('Credit History');
  expect((await tip.boundingBox())?.x).toBeGreaterThanOrEqual(64);
  await page.screenshot({ path: `${screenshotDir}/shell-rail-tooltip-1440.png` });
  await page.mouse.move(800, 500);
  await expect(tip).toBeHidden();
  await nav.getByRole('link', { name: 'My Gallery' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText('My Gallery');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
  await page.getByRole('button', { name: /expand sidebar/i }).click();
  await expect(sidebar).toHaveCSS('width', '256px');
});

test('on a phone the sidebar slides in over an overlay and closes after navigating', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, baseURL ?? '');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /welcome/i })).toBeVisible();
  // The spec shows logged-in users the 'Logged In' badge at every width, without sideways scroll.
  await expect(page.getByRole('banner').getByText('Logged In')).toBeVisible();
  await expect(page.getByRole('banner').getByText(/\b5 credits\b/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: /collapse sidebar/i })).toBeHidden();
  await page.screenshot({ path: `${screenshotDir}/shell-mobile-390.png`, fullPage: true });

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  // Wait for the slide-in to finish: the panel rests flush with the left edge.
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
  await page.screenshot({ path: `${screenshotDir}/shell-mobile-390-menu-open.png` });
  await nav.getByRole('link', { name: 'My Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(nav).toBeHidden();
  await page.goto('/try-on');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Clothes AI Photoshoot' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByText('Logged In')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${screenshotDir}/shell-mobile-390-header-titled.png` });
});

test('a signed-in user opening /login is sent to the dashboard, and Logout returns to /login', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '', newUser('Arjun Mehta'));
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Arjun Mehta')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
});

test('unknown API paths answer a JSON error body, not the web page', async ({ request }) => {
  const res = await request.get('/api/v1/no-such-endpoint');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  const health = await request.get('/api/v1/health');
  expect(await health.json()).toMatchObject({
    ok: true,
    database: { version: expect.stringMatching(/^PostgreSQL 17/) },
  });
});

test('the API reference is browsable at /api/docs', async ({ page }) => {
  await page.goto('/api/docs/');
  await expect(page.getByText('AI Product Studio API').first()).toBeVisible();
  await expect(page.getByText('/api/v1/health').first()).toBeVisible();
});
