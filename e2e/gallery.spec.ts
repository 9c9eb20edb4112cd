import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  buyPlan,
  downloadFrom,
  expectNoHorizontalScroll,
  garmentPath,
  readZip,
  signUp,
  upscaleThroughApi,
} from './fixtures';

/*
 * The gallery for real volumes (issue 16 item 4, ADR 030): three upscales made through the API,
 * then in the browser: pick them (click, shift-click) and download one zip named as the gallery
 * downloads each file; delete one with undo; Reuse settings opens the tool, a run there is
 * "made from" the source, and its card links back to it.
 */

const photo = fs.readFileSync(garmentPath);

test.describe.configure({ timeout: 180_000 });

async function galleryIds(page: Page): Promise<string[]> {
  const res = await page.request.post('/api/v1/gallery/past-generations', {
    data: { page: 1, limit: 12 },
    headers: { origin: new URL(page.url()).origin },
  });
  const body = (await res.json()) as { data: { generationId: string }[] };
  return body.data.map((item) => item.generationId);
}

const checkbox = (page: Page, index: number) =>
  page.getByRole('checkbox', { name: /^Select / }).nth(index);

test('select three cards into one zip, delete with undo, reuse settings and made from', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');
  await upscaleThroughApi(page, baseURL ?? '', photo, 3);

  // The page's own clock: the undo window (8 s) is run through, not waited out.
  await page.clock.install();
  await page.goto('/gallery');
  await expect(page.getByRole('article')).toHaveCount(3);
  const ids = await galleryIds(page);
  const toolbar = page.getByRole('toolbar', { name: 'Selected items' });

  // Click the first, shift-click the third: all three are picked.
  await checkbox(page, 0).click();
  await checkbox(page, 2).click({ modifiers: ['Shift'] });
  await expect(toolbar.getByText('3 selected')).toBeVisible();

  // The server checks the selection and answers a short-lived link; the browser downloads from
  // it to disk (a same-origin GET, not a blob: URL built from bytes held in the page).
  const download = await downloadFrom(
    page,
    toolbar.getByRole('button', { name: 'Download as zip' }),
  );
  expect(new URL(download.url()).pathname).toMatch(/^\/api\/v1\/gallery\/zip\/[\w-]+\.[\w-]+$/);
  expect(download.suggestedFilename()).toBe('gallery-3-items.zip');
  const zip = await readZip(fs.readFileSync(await download.path()));
  expect(zip.map((entry) => entry.name)).toEqual(ids.map((id) => `upscaler-${id}-image-1.jpg`));

  // Delete one, undo within the window: nothing is sent, the card comes back.
  await toolbar.getByRole('button', { name: 'Clear' }).click();
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
  });
  await checkbox(page, 0).click();
  await toolbar.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'Deleted 1 item' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.clock.runFor(9_000);
  expect(deletes).toEqual([]);

  // Delete it for real: after the window the server deletes it, and the totals follow.
  await checkbox(page, 0).click();
  // The server's answer, not only the request: the count on screen follows the delete at once,
  // and the list read below must not race the server still deleting (a clean-clone run caught it).
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && response.url().endsWith('/gallery/generations'),
    { timeout: 15_000 },
  );
  await toolbar.getByRole('button', { name: 'Delete' }).click();
  await page.clock.runFor(9_000);
  expect((await answered).ok()).toBe(true);
  // Only this delete was sent: the undone one, whose window ran out first, never was.
  expect(deletes).toHaveLength(1);
  await expect(page.getByText('2 total items')).toBeVisible();
  expect(await galleryIds(page)).toEqual(ids.slice(1));
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(2);

  // Reuse settings: the upscaler opens primed with the source's input, ready to run again.
  const sourceId = ids[1] ?? '';
  await page.getByRole('link', { name: 'Reuse settings' }).first().click();
  await expect(page).toHaveURL(/\/canvas-editor\?tool=upscaler/);
  await expect(page.getByRole('radio', { name: 'Upscaler' })).toBeChecked();
  await expect(page.getByText('Loaded from a past generation', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /^Generate/ }).click();
  await expect(
    page.getByRole('region', { name: 'Generated Result' }).getByRole('img', {
      name: 'Generated result',
    }),
  ).toBeVisible({ timeout: 60_000 });

  // The new card says what it was made from, and the link leads to that card.
  await page.goto('/gallery');
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByRole('link', { name: 'Made from' }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery\\?search=${sourceId}`));
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(await galleryIds(page)).toContain(sourceId);

  // A phone: the toolbar and cards fit without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/gallery');
  await checkbox(page, 0).click();
  await expect(page.getByRole('toolbar', { name: 'Selected items' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
