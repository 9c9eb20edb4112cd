import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  downloadFrom,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  garmentPath,
  signUp,
  upscaleThroughApi,
} from './fixtures';

/*
 * Content credentials in the browser (issue 34): an upscale's gallery card says what its signed
 * credentials state; the file it downloads, read on the public /verify page (in the tab, by the
 * C2PA reference reader), verifies with the studio as signer, and so does the card's "Check in
 * the verifier" link; a photo the studio never saw has none.
 */

const VERIFIED = "Verified: the signature and the file's contents match";
/** Who signs outside production: the development certificate made into the data directory. */
const SIGNER = 'AI Product Studio (development)';

/** The verifier's report: the section its heading (the file's name) labels. */
const report = (page: Page, name: string) => page.getByRole('region', { name });

/** The report says the file verifies, signed by the studio, and the upscale is its edit. */
async function expectStudioUpscale(page: Page, name: string) {
  const shown = report(page, name);
  // The reader (WASM, in a worker) loads on first use: allow a busy machine its start.
  await expect(shown.getByText(VERIFIED)).toBeVisible({ timeout: 30_000 });
  await expect(shown.getByText('Signed by a certificate this page trusts.')).toBeVisible();
  await expect(shown.getByText(SIGNER, { exact: true })).toBeVisible();
  await expect(
    shown.getByRole('listitem').filter({ hasText: /^Edited \(Algorithmically-altered media\)/ }),
  ).toBeVisible();
}

test('an upscale’s credentials on its card, in its downloaded file and through the verifier link, axe-clean at 390 px', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await upscaleThroughApi(page, baseURL ?? '', fs.readFileSync(garmentPath));

  // The card's disclosure: not generative AI (IPTC's name for the code), verified.
  await page.goto('/gallery');
  const card = page.getByRole('article');
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Content credentials' }).click();
  await expect(card.getByText('Not made with generative AI')).toBeVisible();
  await expect(card.getByText('(Algorithmically-altered media)')).toBeVisible();
  await expect(card.getByText(SIGNER, { exact: true })).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();

  // Its verifier link opens /verify on the stored output, read with the visitor's cookies.
  const link = card.getByRole('link', { name: /Check in the verifier/ });
  await expect(link).toHaveAttribute('href', /^\/verify\?media=%2Fapi%2Fv1%2Fmedia%2F/);
  const [verifier] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expectStudioUpscale(verifier, 'The result you opened');
  await verifier.close();

  // The downloaded file, chosen on /verify, reads the same.
  const download = await downloadFrom(page, card.getByRole('button', { name: 'Download' }));
  const name = download.suggestedFilename();
  expect(name).toMatch(/^upscaler-.+\.jpg$/);
  await page.goto('/verify');
  await page.getByLabel('Choose a file').setInputFiles({
    name,
    mimeType: 'image/jpeg',
    buffer: fs.readFileSync(await download.path()),
  });
  await expectStudioUpscale(page, name);

  // A phone, in the verified state.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(report(page, name).getByText(VERIFIED)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('a photo the studio never saw has no content credentials', async ({ page }) => {
  const photo = await sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  await page.goto('/verify');
  await page
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(
    report(page, 'holiday.jpg').getByText('No content credentials found in this file.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(VERIFIED)).toHaveCount(0);
});
