import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshotDir,
  serverCli,
  signUp,
} from './fixtures';

// The dashboard's promo banner in a real browser: an operator creates it with the admin CLI, the
// dashboard shows it a second later and counts down, a phone shows it without sideways scroll, a
// dismissal lasts the session, and promo-end takes it off at once.

fs.mkdirSync(screenshotDir, { recursive: true });

/** The operator's command against the e2e server's database (`npm run admin -- …`). */
const admin = (...args: string[]) => serverCli('admin', args, { LOG_LEVEL: 'silent' });

test('an operator’s promo banner shows on the dashboard, counts down, and is dismissed for the session', async ({
  page,
  baseURL,
}) => {
  const ends = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
  const created = admin(
    'promo-create',
    '--title=Festive sale',
    '--discount=50% OFF',
    '--sub-message=Every Pro plan, this week only',
    '--cta-text=Upgrade now',
    '--cta-link=/subscription',
    '--variant=urgent',
    `--ends=${ends}`,
  );
  const id = /Created ([0-9a-f-]{36})/.exec(created)?.[1] ?? '';
  expect(id).not.toBe('');
  try {
    await signUp(page, baseURL ?? '');
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Festive sale' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('50% OFF');
    await expect(banner).toContainText('Every Pro plan, this week only');
    const timer = banner.getByRole('timer');
    await expect(timer).toHaveText(/^01:59:\d\d$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '', { timeout: 3_000 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(screenshotDir, 'promo-banner-1440.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(banner).toBeVisible();
    await expectNoHorizontalScroll(page);
    await banner.screenshot({ path: path.join(screenshotDir, 'promo-banner-390.png') });

    // The call to action goes where the operator pointed it.
    await banner.getByRole('link', { name: 'Upgrade now' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await page.goBack();
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'Dismiss promotion' }).click();
    await expect(banner).toBeHidden();
    // The page's own clock from here: its 1 s show delay is run through, not waited out, once
    // whatever the reloaded dashboard fetches has arrived.
    await page.clock.install();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(1_500);
    await expect(banner).toBeHidden();

    // A new session (a fresh tab's sessionStorage) sees it again until the operator ends it.
    const fresh = await page.context().newPage();
    await fresh.goto('/');
    await expect(fresh.getByRole('region', { name: 'Festive sale' })).toBeVisible();
    await fresh.close();
  } finally {
    expect(admin('promo-end', id)).toContain(`Stopped ${id}`);
  }
  const after = await page.request.get('/api/v1/promo-banner');
  expect(after.status()).toBe(204);
});
