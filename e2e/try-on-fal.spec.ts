import { expect, test } from '@playwright/test';
import {
  addGarments,
  addModelPhoto,
  availableCredits,
  buyPlan,
  falAppPort,
  garmentPath,
  openTool,
  signUp,
  tryOnOne,
  waitForStudio,
} from './fixtures';

// Clothes AI Photoshoot on fal (issue 31): a studio configured for fal, whose queue is the fake fal
// process (apps/server/test/fake-fal-process.ts) speaking fal's protocol on loopback. The fake's
// try-on answers the garment it was sent with its hue turned: a recoloured garment. The garment
// check must say "Check colour" and offer the one free regeneration, which costs nothing.

const falBaseURL = `http://localhost:${String(falAppPort)}`;

test.use({ baseURL: falBaseURL });
test.describe.configure({ timeout: 240_000 });

// Launched beside the journeys' studio, not waited for at start (playwright.config.ts).
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(150_000);
  const request = await playwright.request.newContext();
  await waitForStudio(request, falBaseURL);
  await request.dispose();
});

test('a fal try-on that came back recoloured shows "Check colour" and regenerates once for free', async ({
  page,
}) => {
  await signUp(page, falBaseURL);
  await buyPlan(page, falBaseURL);
  await openTool(page, '/try-on', 'Clothes AI Photoshoot', async () => {
    await expect(page.getByLabel('Upload garment photos')).toBeAttached();
  });
  await addGarments(page, [garmentPath]);
  await addModelPhoto(page, garmentPath);

  const results = await tryOnOne(page);
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
