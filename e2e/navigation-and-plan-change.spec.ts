import { expect, test } from '@playwright/test';
import { buyPlan, screenshotDir, signUp } from './fixtures';

// Issue 30, items 6 and 7 (ADR 050) in a real browser against the real server: /settings and the
// legal pages reached by clicks alone, and a plan change said, with its amount, before the
// checkout opens.

test('/settings is reachable by clicks alone, from the account menu and from Account Settings', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await page.goto('/');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await page.getByRole('link', { name: 'Change name or password' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // The terms and privacy policy are linked from the shell's footer on every page.
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByText(/do not renew on their own: nothing is charged/)).toBeVisible();
});

test('a Plus subscriber choosing Pro is told what happens and the amount before the checkout', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '', 'plus_monthly');

  await page.goto('/subscription');
  await page
    .getByRole('radiogroup', { name: 'Billing period' })
    .getByRole('radio', { name: 'Monthly' })
    .click();
  await page
    .getByRole('article', { name: 'Pro' })
    .getByRole('button', { name: 'Choose Pro' })
    .click();
  await page
    .getByRole('dialog', { name: 'Choose your currency' })
    .getByRole('button', { name: 'Pay in INR' })
    .click();

  const review = page.getByRole('dialog', { name: 'Review your plan change' });
  await expect(review).toContainText(
    'Your Plus Monthly plan ends today and Pro Monthly starts at once',
  );
  await expect(review).toContainText('The 20 credits your Plus Monthly plan gave you');
  await expect(review).toContainText(
    'Plans are prepaid and do not renew on their own: nothing more is charged when it ends.',
  );
  await expect(review.getByText('Amount to pay')).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
  await review.screenshot({ path: `${screenshotDir}/plan-change-review.png` });

  await review.getByRole('button', { name: 'Continue to payment: ₹800' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(page.getByText('₹800')).toBeVisible();
});

test('without Google sign-in on the server, the login offers email only, in a seller’s words', async ({
  page,
}) => {
  await page.route('**/api/v1/auth/providers', (route) =>
    route.fulfill({ json: { google: false, email: true } }),
  );
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in with email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expect(page.getByText(/not configured/i)).toHaveCount(0);
});
