import { expect, test } from '@playwright/test';
import { availableCredits, buyPlan, falAppPort, signUp } from './fixtures';

// Clothes AI Photoshoot on fal (issue 31): a studio configured for fal, whose queue is the fake fal
// process (apps/server/test/fake-fal-process.ts) speaking fal's protocol on loopback. The fake's
// try-on answers the garment it was sent with its hue turned: a recoloured garment. The garment
// check must say "Check colour" and offer the one free regeneration, which costs nothing.

const garmentPath = new URL('./assets/garment.jpg', import.meta.url).pathname;
const falBaseURL = `http://localhost:${String(falAppPort)}`;

test.use({ baseURL: falBaseURL });
test.describe.configure({ timeout: 240_000 });

test('a fal try-on that came back recoloured shows "Check colour" and regenerates once for free', async ({
  page,
}) => {
  await signUp(page, falBaseURL);
  await buyPlan(page, falBaseURL);
  await page.goto('/try-on');
  await expect(
    page.getByRole('heading', { name: 'Clothes AI Photoshoot', level: 2 }),
  ).toBeVisible();
  await page.getByLabel('Upload garment photos').setInputFiles(garmentPath);
  await expect(page.getByRole('list', { name: 'Garments' }).getByRole('img')).toHaveAttribute(
    'src',
    /^\/api\/v1\/media\//,
  );
  await page.getByLabel('Upload model photos').setInputFiles(garmentPath);
  await expect(
    page.getByRole('list', { name: 'Your model photos' }).getByRole('img'),
  ).toHaveAttribute('src', /^\/api\/v1\/media\//);

  await page.getByRole('button', { name: 'Generate Try-On' }).click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('status')).toContainText('Finished: 1 of 1 made', {
    timeout: 120_000,
  });
  // A real result, not a labelled preview: checked, and found recoloured.
  await expect(results.getByText(/preview/i)).toHaveCount(0);
  await expect(results.getByLabel(/^Colour check: check colour/)).toBeVisible();
  const paid = await availableCredits(page, falBaseURL);

  await results.getByRole('button', { name: 'Regenerate free' }).click();
  // The rerun is shown in place with its own check; the offer is not made twice for one result.
  await expect(results.getByLabel(/^Colour check: check colour/)).toHaveCount(2, {
    timeout: 120_000,
  });
  expect(await availableCredits(page, falBaseURL)).toBe(paid);
});
