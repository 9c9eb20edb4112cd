import { expect, test, type Page } from '@playwright/test';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  openTool,
  productPath,
  region,
  signUp,
  uploadInput,
} from './fixtures';

// Analytics (/analytics) from the user's own work, in a real browser on the local engine: a fresh
// account sees zeros; after a product photoshoot of two images the 7-day totals, today's bar and
// Peak Usage show them; 30 Days relabels the chart to Week 1–4. Nothing is mocked.

test.describe.configure({ timeout: 240_000 });

const card = (page: Page, name: string) => page.getByRole('group', { name });
const activity = (page: Page) => page.getByRole('table', { name: 'Daily Activity' });

async function openAnalytics(page: Page) {
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 2 })).toBeVisible();
  await expect(card(page, 'Peak Usage')).toBeVisible();
}

/** The product-image cell of a period's row in the chart's table. */
const productCell = (page: Page, label: string) =>
  activity(page)
    .getByRole('row', { name: new RegExp(`^${label}\\b`) })
    .getByRole('cell')
    .first();

test('a fresh account sees zeros; after two product photos the 7-day totals, today’s bar and Peak Usage show them, and 30 Days relabels to Week 1–4', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, baseURL ?? '');
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-US', { weekday: 'short' }).format(new Date()),
  );

  await openAnalytics(page);
  await expect(card(page, 'Total Product Images')).toContainText('0');
  await expect(card(page, 'Total Try-On Sessions')).toContainText('0');
  await expect(card(page, 'Fashion Extractions')).toContainText('0');
  await expect(card(page, 'Peak Usage')).toContainText('—');
  await expect(activity(page).getByRole('row')).toHaveCount(8); // header + 7 days
  await expect(productCell(page, today)).toHaveText('0');
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Two product photos on the local engine (1 credit each at the performance mode).
  await openTool(page, '/photoshoot', 'Product AI Photoshoot');
  await uploadInput(page, 'Upload product image', 'Product image', productPath);
  await page.getByRole('button', { name: 'More images' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Number of images' })).toHaveValue('2');
  await page.getByRole('button', { name: 'Generate Photoshoot' }).click();
  await expect(
    region(page, 'Generated Photoshoot').getByRole('img', { name: /^Product scene/ }),
  ).toHaveCount(2, { timeout: 180_000 });

  await openAnalytics(page);
  await expect(card(page, 'Total Product Images')).toContainText('2');
  await expect(card(page, 'Peak Usage')).toContainText(today);
  await expect(productCell(page, today)).toHaveText('2');
  await expect(page.getByRole('list', { name: 'Credits per tool' })).toContainText(
    'Product AI Photoshoot',
  );
  await expect(card(page, 'Success rate')).toContainText('100%');
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: '30 Days' }).click();
  await expect(page.getByRole('button', { name: '30 Days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(activity(page).getByRole('rowheader')).toHaveText([
    'Week 1',
    'Week 2',
    'Week 3',
    'Week 4',
  ]);
  await expect(productCell(page, 'Week 4')).toHaveText('2');
  await expect(card(page, 'Peak Usage')).toContainText('Week 4');
  await expect(card(page, 'Total Product Images')).toContainText('2');
  await expectNoHorizontalScroll(page);
});
