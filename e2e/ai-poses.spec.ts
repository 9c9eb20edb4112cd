import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  availableCredits,
  buyPlan,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshotDir,
  signUp,
} from './fixtures';

// AI Pose Change (/ai-poses) in a real browser on the local engine: a model photo goes in with a
// pose preset (the catalog's seeded poses), view, background, expression and colour; the offline
// engine makes a labelled preview (a pose change needs a generative model). The preview goes on to
// Download only: nothing that costs credits is offered on it (ADR 048); the gallery lists it under
// 'Pose Change' and View brings the form back. Nothing is mocked.

const modelPath = new URL('./assets/garment.jpg', import.meta.url).pathname;

test.describe.configure({ timeout: 180_000 });

const region = (page: Page, name: string) => page.getByRole('region', { name });
const result = (page: Page) => region(page, 'Generated Result');
const poseGrid = (page: Page) => page.getByRole('radiogroup', { name: 'Pose', exact: true });
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate AI Poses' });

async function openPage(page: Page) {
  await page.goto('/ai-poses');
  await expect(page.getByRole('heading', { name: 'AI Pose Change', level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Mode' })).toBeEnabled();
  // The presets are listed and the first female standing one is chosen.
  await expect(poseGrid(page).getByRole('radio', { name: 'Confident Stand' })).toBeChecked();
}

async function uploadModel(page: Page) {
  await page.getByLabel('Upload model image').setInputFiles(modelPath);
  await expect(page.getByText('Upload successful!')).toBeVisible();
  const model = page.getByRole('img', { name: 'Model image' });
  await expect(model).toHaveAttribute('src', /^(?!blob:)/);
  return (await model.getAttribute('src')) ?? '';
}

async function generateAndWait(page: Page): Promise<string> {
  await generateButton(page).click();
  const image = result(page).getByRole('img', { name: 'Generated pose', exact: true });
  await expect(image).toBeVisible({ timeout: 90_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(image).toHaveAttribute('src', /^\/api\/v1\/media\//);
  const note = result(page).getByRole('note').filter({ hasText: 'About this result' });
  await expect(note).toContainText(/preview/i);
  return (await image.getAttribute('src')) ?? '';
}

test('a Pro user changes the pose of a model photo, downloads the preview (no HD or Create Video on it), finds it in the gallery under Pose Change and View brings the form back', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'AI Pose Change' })
    .click();
  await expect(page).toHaveURL(/\/ai-poses$/);
  await openPage(page);

  const modelUrl = await uploadModel(page);
  await page.getByRole('radio', { name: 'Leaning' }).check();
  // The chosen standing pose does not match: the filter change lets it go.
  await expect(poseGrid(page).getByRole('radio', { name: 'Random pose' })).toBeChecked();
  await poseGrid(page).getByRole('radio', { name: 'Wall Lean' }).check();
  await page.getByRole('combobox', { name: 'Background' }).selectOption('studio');
  await page.getByRole('combobox', { name: 'Expression' }).selectOption('smiling');
  await page.getByRole('combobox', { name: 'View' }).selectOption('full body view');
  await page.getByRole('radio', { name: 'Cream' }).check();
  await expect(page.getByText(/Estimated cost/)).toBeVisible();

  const sent = page.waitForRequest('**/api/v1/ai-poses/generate');
  const generated = generateAndWait(page);
  expect((await sent).postDataJSON()).toMatchObject({
    background: 'studio',
    colorTheme: 'pastel cream',
    expression: 'smiling',
    method: 'preselected',
    pose: { poseId: '3', type: 'leaning', gender: 'female' },
    viewType: 'full body view',
    aspectRatio: '9:16',
    numImages: 1,
  });
  const pose = await generated;

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    result(page).getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('ai-pose-1.jpg');
  const saved = await sharp(fs.readFileSync(await download.path())).metadata();
  expect(saved.format).toBe('jpeg');

  // A preview: no paid follow-up (ADR 048).
  await expect(result(page).getByRole('link', { name: /^(HD|Create Video)/ })).toHaveCount(0);

  await page.goto('/gallery');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Type').selectOption({ label: 'Pose Change' });
  await expect(page).toHaveURL(/type=ai-poses/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Pose Change');

  await cards.first().getByRole('link', { name: 'Open in tool' }).click();
  await expect(page).toHaveURL(/\/ai-poses$/);
  await expect(
    page.getByRole('note').filter({ hasText: 'Loaded from a past generation' }),
  ).toBeVisible();
  const modelId = /\/api\/v1\/media\/([^/?]+)/.exec(modelUrl)?.[1] ?? '';
  await expect(page.getByRole('img', { name: 'Model image' })).toHaveAttribute(
    'src',
    new RegExp(`/api/v1/media/${modelId}(/|$)`),
  );
  await expect(poseGrid(page).getByRole('radio', { name: 'Wall Lean' })).toBeChecked();
  await expect(result(page).getByRole('img', { name: 'Generated pose' })).toHaveAttribute(
    'src',
    pose,
  );

  await expect(result(page).getByRole('link', { name: /^(HD|Create Video)/ })).toHaveCount(0);
});

test('without an image Generate AI Poses alerts; a prompt locks the pose and its choices; a Free user gets the preview without paying and is offered no paid follow-up on it', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);

  await generateButton(page).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please upload a model image' }),
  ).toBeVisible();

  await uploadModel(page);
  await expect(page.getByText('Please upload a model image')).toHaveCount(0);
  await page.getByText('Advanced Settings', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Prompt' }).fill('walking on a beach');
  await expect(page.getByText('Clear prompt to enable')).toHaveCount(4);
  await expect(page.getByRole('combobox', { name: 'Background' })).toBeDisabled();
  await expect(poseGrid(page).getByRole('radio', { name: 'Random pose' })).toBeChecked();
  await expect(poseGrid(page).getByRole('radio', { name: 'Confident Stand' })).toBeDisabled();

  const before = await availableCredits(page, baseURL ?? '');
  const sent = page.waitForRequest('**/api/v1/ai-poses/generate');
  const generated = generateAndWait(page);
  expect((await sent).postDataJSON()).toMatchObject({
    prompt: 'walking on a beach',
    method: 'random',
    pose: null,
    background: 'no-change',
    expression: 'no-change',
  });
  const pose = await generated;
  // A preview is not charged.
  expect(await availableCredits(page, baseURL ?? '')).toBe(before);

  await expect(result(page).getByRole('img', { name: 'Generated pose' })).toHaveAttribute(
    'src',
    pose,
  );
  // No HD and no Create Video, locked or not, on a preview (ADR 048).
  await expect(result(page).getByRole('link', { name: /^(HD|Create Video)/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear All Settings' }).click();
  await expect(page.getByRole('img', { name: 'Model image' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
  await expect(poseGrid(page).getByRole('radio', { name: 'Confident Stand' })).toBeChecked();
  await expect(result(page).getByRole('img')).toHaveCount(0);
});

test('the page with a result passes axe at 1440 px and fits a 390 px phone', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);
  await expectNoSeriousA11yViolations(page);
  await uploadModel(page);
  await generateAndWait(page);

  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${screenshotDir}/ai-poses-desktop-1440.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(result(page).getByRole('img', { name: 'Generated pose' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${screenshotDir}/ai-poses-mobile-390.png`, fullPage: true });
});
