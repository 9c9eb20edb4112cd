import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { buyPlan, garmentPath, generateThroughApi, signUp, uploadThroughApi } from './fixtures';

/*
 * Reuse settings opens a tool with the exact settings of a past generation (ADR 030), including
 * those that live only in its stored request: a video's 10 s duration and balanced mode, a pose
 * change's back view, outdoor background and smiling expression. Each source is made through the
 * API with those non-default settings; the gallery's Reuse settings shows them again in the tool's
 * controls, a run there sends them again, and its card's "Made from" link leads to the source.
 */

const photo = fs.readFileSync(garmentPath);

test.describe.configure({ timeout: 300_000 });

/** Opens the gallery filtered to one card and presses its Reuse settings. */
async function reuse(page: Page, generationId: string) {
  await page.goto(`/gallery?search=${generationId}`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('link', { name: 'Reuse settings' }).click();
}

/** The gallery's newest card links back to `sourceId`, and the link shows that card. */
async function expectMadeFrom(page: Page, sourceId: string) {
  await page.goto('/gallery');
  await page.getByRole('article').first().getByRole('link', { name: 'Made from' }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery\\?search=${sourceId}$`));
  await expect(page.getByRole('article')).toHaveCount(1);
}

/** The next generate call the page sends to `path`, as JSON. */
function nextGenerate(page: Page, path: string) {
  return page
    .waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(path))
    .then((request) => request.postDataJSON() as Record<string, unknown>);
}

test('Reuse settings brings back a video’s duration and mode and a pose change’s view, background and expression, and the new runs are made from their sources', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');
  const image = await uploadThroughApi(page, baseURL ?? '', photo);
  const videoId = await generateThroughApi(page, baseURL ?? '', '/api/v1/video/generate', {
    inputImageUrls: [image],
    prompt: 'a slow turn showing the drape',
    duration: 10,
    mode: 'balanced',
  });
  const poseId = await generateThroughApi(page, baseURL ?? '', '/api/v1/ai-poses/generate', {
    inputImageUrls: [image],
    viewType: 'back view',
    background: 'outdoor',
    expression: 'smiling',
    mode: 'balanced',
  });

  // The video: the canvas editor opens on video generation with 10 s and balanced.
  await reuse(page, videoId);
  await expect(page).toHaveURL(/\/canvas-editor\?tool=video-generation/);
  await expect(page.getByRole('radio', { name: 'Video Generation' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Duration' })).toHaveValue('10');
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue('balanced');
  await expect(page.getByRole('img', { name: 'Uploaded image' })).toHaveAttribute('src', image);
  const video = nextGenerate(page, '/api/v1/video/generate');
  await page.getByRole('button', { name: /^Generate/ }).click();
  expect(await video).toMatchObject({ duration: 10, mode: 'balanced', inputImageUrls: [image] });
  await expect(page.getByRole('region', { name: 'Generated Result' }).locator('video')).toBeVisible(
    { timeout: 150_000 },
  );
  await expectMadeFrom(page, videoId);

  // The pose change: back view, outdoor, smiling and balanced, with no preset chosen.
  await reuse(page, poseId);
  await expect(page).toHaveURL(/\/ai-poses$/);
  await expect(page.getByRole('combobox', { name: 'View' })).toHaveValue('back view');
  await expect(page.getByRole('combobox', { name: 'Background' })).toHaveValue('outdoor');
  await expect(page.getByRole('combobox', { name: 'Expression' })).toHaveValue('smiling');
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue('balanced');
  await expect(
    page
      .getByRole('radiogroup', { name: 'Pose', exact: true })
      .getByRole('radio', { name: 'Random pose' }),
  ).toBeChecked();
  const pose = nextGenerate(page, '/api/v1/ai-poses/generate');
  await page.getByRole('button', { name: 'Generate AI Poses' }).click();
  expect(await pose).toMatchObject({
    viewType: 'back view',
    background: 'outdoor',
    expression: 'smiling',
    mode: 'balanced',
    inputImageUrls: [image],
  });
  await expect(
    page
      .getByRole('region', { name: 'Generated Result' })
      .getByRole('img', { name: 'Generated pose', exact: true }),
  ).toBeVisible({ timeout: 90_000 });
  await expectMadeFrom(page, poseId);
});
