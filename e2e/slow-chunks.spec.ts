import { expect, test } from '@playwright/test';
import { signUp } from './fixtures';

// A page's code arriving late (a slow phone network, a busy server) must never leave a page empty
// when the user goes back to it: each page is hidden while the next one's chunk loads, and must
// come back whole. A guard for the renderer (ADR 065): Preact's Suspense put the dashboard back
// empty on every other round trip here; React keeps the page shown during the navigation.
const DELAY_MS = 300;
const tools = [
  ['Advance Clothes AI Photoshoot', 'Advance Clothes AI Photoshoot'],
  ['AI Pose Change', 'AI Pose Change'],
  ['Clothes Catalogue Generator', 'Clothes AI Photoshoot'],
  ['AI Designer', 'AI Designer'],
] as const;

test('going back to the dashboard and from a public page shows them whole while chunks load slowly', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await page.goto('/');
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await route.continue();
  });
  const main = page.getByRole('main');
  const greeting = main.getByRole('heading', { level: 1, name: /^Welcome/ });
  for (const [card, title] of tools) {
    await main.getByRole('link', { name: new RegExp(`^${card}`) }).click();
    await expect(page).toHaveTitle(new RegExp(`^${title}\\b`));
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(greeting).toBeVisible();
  }

  // Out of the shell to a public page and back: the top-level boundary.
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Privacy/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(greeting).toBeVisible();
});
