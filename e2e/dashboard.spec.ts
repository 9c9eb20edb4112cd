import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  buyPlan,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshotDir,
  signUp,
} from './fixtures';

// The dashboard in a real browser: the order banner after a sandbox payment, every card landing on
// its tool, the two sliders, and a phone-width page that never scrolls sideways.

fs.mkdirSync(screenshotDir, { recursive: true });

test('a paid order shows the green banner on the dashboard, then clears it and od', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  const orderId = await buyPlan(page, baseURL ?? '');

  // The page's own clock: the banner's 5 s are run through, not waited out.
  await page.clock.install();
  await page.goto(`/?od=${orderId}`);
  const banner = page.getByRole('status').filter({ hasText: 'Payment successful!' });
  await expect(banner).toHaveAttribute('data-tone', 'success');
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(/\/$/);
  await expect(banner).toBeHidden();
});

/** Each card's name, the tool's page title, and the canvas tool it must open on (if any). */
const cards = [
  ['Fashion Reels', 'Canvas Editor', 'Video Generation'],
  ['Advance Clothes AI Photoshoot', 'Advance Clothes AI Photoshoot', null],
  ['Outfit Picker', 'Fashion Extractor', null],
  ['AI Pose Change', 'AI Pose Change', null],
  ['Dummy/Mannequin to AI Model', 'Clothes AI Photoshoot', null],
  ['Clothes Catalogue Generator', 'Clothes AI Photoshoot', null],
  ['4K Resolution Converter', 'Canvas Editor', 'Upscaler'],
  ['Change Background', 'Canvas Editor', 'Background Removal'],
  ['Background Removal', 'Canvas Editor', 'Background Removal'],
  ['Product photography', 'Product AI Photoshoot', null],
  ['AI Designer', 'AI Designer', null],
  ['Analytics', 'Analytics', null],
] as const;

test('every dashboard card lands on its tool', async ({ page, baseURL }) => {
  await signUp(page, baseURL ?? '');
  await page.goto('/');
  for (const [card, title, canvasTool] of cards) {
    // The sidebar names some of the same tools; the cards are in the page's main region.
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${card.replace(/[/]/g, '\\/')}`) })
      .click();
    await expect(page).toHaveTitle(new RegExp(`^${title}\\b`));
    if (canvasTool) await expect(page.getByRole('radio', { name: canvasTool })).toBeChecked();
    // Back to the dashboard in the app, not a fresh load of it.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  }
});

test('the sliders turn, and the dashboard fits a 390 px phone without sideways scrolling', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await page.setViewportSize({ width: 390, height: 844 });
  // The page's own clock: the slider's 4 s are run through, not waited out.
  await page.clock.install();
  await page.goto('/');

  const left = page.getByRole('region', { name: 'Made with AI Product Studio' });
  await expect(left.getByRole('group', { name: '1 of 5' })).toBeVisible();
  await expect(left.getByRole('img')).toHaveJSProperty('complete', true);
  // The left slider turns every 4 s (unless the pointer rests on it, which it does not here).
  await page.mouse.move(0, 0);
  await page.clock.runFor(4_000);
  await expect(left.getByRole('group', { name: '2 of 5' })).toBeVisible();

  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${screenshotDir}/dashboard-mobile-390.png`, fullPage: true });
});
