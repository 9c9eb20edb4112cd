import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalScroll, screenshotDir, signUp } from './fixtures';

// The money path in a real browser against the real server, paid through the sandbox provider
// (no payment keys in the e2e run): the same fulfilment a Stripe or Razorpay webhook runs.

const headerCredits = (page: Page) => page.getByRole('banner');

async function choosePlan(page: Page, period: 'Monthly' | '4 Months' | 'Yearly', button: string) {
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Billing period' })
    .getByRole('radio', { name: period })
    .click();
  await page.getByRole('button', { name: button }).click();
}

test('a new user buys Pro monthly in INR through the sandbox and sees it everywhere', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  // The pages' own clock: the order banner's 5 s are run through, not waited out.
  await page.clock.install();
  await page.goto('/');
  await expect(headerCredits(page).getByText(/\b5 credits\b/i)).toBeVisible();

  await choosePlan(page, 'Monthly', 'Choose Pro');
  const dialog = page.getByRole('dialog', { name: 'Choose your currency' });
  await dialog.getByRole('button', { name: 'Pay in INR' }).click();

  await expect(page).toHaveURL(/\/checkout\/sandbox\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(page.getByText('Test payment', { exact: true })).toBeVisible();
  await expect(page.getByText('₹800')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/\?od=[0-9a-f-]{36}$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Payment successful! Your Pro Monthly plan is active.' }),
  ).toHaveAttribute('data-tone', 'success');
  await expect(headerCredits(page).getByText(/\b45 credits\b/i)).toBeVisible();
  // The banner clears itself after 5 s and drops the order id from the address.
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/subscription');
  const current = page.getByRole('region', { name: 'Your Current Plan' });
  await expect(current.getByText('Active', { exact: true })).toBeVisible();
  await expect(current.getByText(/Pro/).first()).toBeVisible();
  // The cards open at the subscriber's own period, so their plan shows as the current one.
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(
    page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled();
  await expect(
    page.getByRole('complementary', { name: 'Sidebar' }).getByText('Pro Plan', { exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/subscription-desktop-1440.png`, fullPage: true });

  await page.goto('/credit-history');
  const purchases = page.getByRole('table', { name: 'Purchase history' });
  const row = purchases.getByRole('row').filter({ hasText: 'Pro Monthly' });
  await expect(row).toContainText('₹800');
  await expect(row).toContainText('+40');
  await expect(row.getByText('Completed')).toBeVisible();
  await page.screenshot({
    path: `${screenshotDir}/credit-history-desktop-1440.png`,
    fullPage: true,
  });
});

test('a failed sandbox payment grants nothing and shows red', async ({ page, baseURL }) => {
  await signUp(page, baseURL ?? '');
  await choosePlan(page, '4 Months', 'Choose Plus');
  await page
    .getByRole('dialog', { name: 'Choose your currency' })
    .getByRole('button', { name: 'Pay in USD' })
    .click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(page.getByText('$17')).toBeVisible();
  await page.getByRole('button', { name: 'Fail payment' }).click();

  await expect(page).toHaveURL(/\/\?od=/);
  const alert = page.getByRole('alert').filter({ hasText: 'Payment failed' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAttribute('data-tone', 'destructive');
  await expect(headerCredits(page).getByText(/\b5 credits\b/i)).toBeVisible();

  await page.goto('/subscription');
  await expect(
    page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled();

  await page.goto('/credit-history');
  const row = page
    .getByRole('table', { name: 'Purchase history' })
    .getByRole('row')
    .filter({ hasText: 'Plus 4 Months' });
  await expect(row.getByText('Failed')).toHaveAttribute('data-tone', 'red');
  await expect(row).toContainText('$17');
});

test('a Pro subscriber who buys Plus keeps Pro until its end, told so before paying', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  const payInUsd = async () => {
    await page
      .getByRole('dialog', { name: 'Choose your currency' })
      .getByRole('button', { name: 'Pay in USD' })
      .click();
    await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  };
  await choosePlan(page, 'Monthly', 'Choose Pro');
  await payInUsd();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/\?od=/);

  await page.goto('/subscription');
  const plus = page.getByRole('article', { name: 'Plus' });
  await expect(plus.getByText(/^Starts on .+, when your Pro plan ends\./)).toBeVisible();
  await plus.getByRole('button', { name: 'Choose Plus' }).click();
  await page
    .getByRole('dialog', { name: 'Choose your currency' })
    .getByRole('button', { name: 'Pay in USD' })
    .click();
  // Before the checkout opens, the studio says it too, with the amount (ADR 050).
  const review = page.getByRole('dialog', { name: 'Review your plan change' });
  await expect(review).toContainText(
    'Your Pro Monthly plan stays as it is until it ends; Plus Monthly starts on',
  );
  await expect(review.getByText('Amount to pay')).toBeVisible();
  await review.getByRole('button', { name: 'Continue to payment: $5' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  // The checkout says it before the money moves, and charges the full price (no upgrade credit).
  await expect(page.getByRole('note')).toContainText(
    'Your current plan stays until it ends; Plus Monthly starts on',
  );
  await expect(page.getByText('$5')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Your Plus Monthly plan starts on / }),
  ).toBeVisible();

  await page.goto('/subscription');
  const current = page.getByRole('region', { name: 'Your Current Plan' });
  await expect(current.getByText('Pro Monthly')).toBeVisible();
  await expect(current.getByText(/^Plus starts on /)).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Sidebar' }).getByText('Pro Plan', { exact: true }),
  ).toBeVisible();
});

test('billing screens fit a 390 px phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, baseURL ?? '');
  for (const path of ['/subscription', '/credit-history', '/upgrade']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectNoHorizontalScroll(page, `${path} scrolls sideways`);
    await page.screenshot({
      path: `${screenshotDir}/${path.slice(1)}-mobile-390.png`,
      fullPage: true,
    });
  }
});
