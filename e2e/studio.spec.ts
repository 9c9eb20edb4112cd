import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  availableCredits,
  buyPlan,
  expectDownload,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  garmentPath,
  region,
  screenshotDir,
  signUp,
  upscaleThroughApi,
} from './fixtures';

// The studio's first minutes in a real browser on the local engine: a photo goes in, an HD
// version, a cut-out and a 5 s video come out, and all of them are found again in the gallery.
// Nothing is mocked: the server, its queue, its worker and the engine (sharp, the ONNX cut-out
// model, ffmpeg) run for real.

const photo = fs.readFileSync(garmentPath);
const PHOTO = { width: 600, height: 800 };
const VIDEO_PROMPT = 'a slow turn showing the linen drape';

// Generations take seconds on 2 cores (the cut-out model most of all).
test.describe.configure({ timeout: 180_000 });

async function chooseTool(
  page: Page,
  name: 'Video Generation' | 'Upscaler' | 'Background Removal',
) {
  await page.getByRole('radiogroup', { name: 'Tool' }).getByRole('radio', { name }).check();
}

async function uploadPhoto(page: Page) {
  await page.getByLabel('Upload image').setInputFiles(garmentPath);
  await expect(page.getByText('Image uploaded successfully!')).toBeVisible();
}

async function generate(page: Page) {
  await page.getByRole('button', { name: /^Generate/ }).click();
}

/** The result panel's Download saves a file with the spec's name; returns its bytes. */
async function downloadResult(page: Page, expectedName: string): Promise<Buffer> {
  const result = region(page, 'Generated Result');
  return expectDownload(page, result.getByRole('button', { name: /Download/ }), expectedName);
}

async function resultImageBytes(page: Page, image: Locator): Promise<Buffer> {
  const src = await image.getAttribute('src');
  expect(src).toBeTruthy();
  const res = await page.request.get(src ?? '');
  expect(res.ok()).toBe(true);
  return res.body();
}

test('a Pro user makes an HD image, a cut-out and a 5 s video, then finds them in the gallery', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');

  // Upscale: the HD result shows and downloads as upscaled-image.jpg with twice the pixels.
  await page.goto('/canvas-editor?tool=upscaler');
  await expect(page.getByRole('radio', { name: 'Upscaler' })).toBeChecked();
  await uploadPhoto(page);
  await generate(page);
  const result = region(page, 'Generated Result');
  const upscaled = result.getByRole('img', { name: 'Generated result' });
  await expect(upscaled).toBeVisible({ timeout: 60_000 });
  const hd = await sharp(await downloadResult(page, 'upscaled-image.jpg')).metadata();
  expect([hd.width, hd.height]).toEqual([PHOTO.width * 2, PHOTO.height * 2]);

  // Background removal: a cut-out with transparent pixels (read once it has replaced the HD
  // image: both are 'Generated result', and the HD one may still show when Generate is pressed).
  const upscaledSrc = (await upscaled.getAttribute('src')) ?? '';
  await chooseTool(page, 'Background Removal');
  await generate(page);
  const cutout = result.getByRole('img', { name: 'Generated result' });
  await expect(cutout).toBeVisible({ timeout: 120_000 });
  await expect(cutout).not.toHaveAttribute('src', upscaledSrc, { timeout: 120_000 });
  const { data, info } = await sharp(await resultImageBytes(page, cutout))
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  const alphaAt = (fx: number, fy: number) =>
    data[(Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)) * 4 + 3];
  expect(alphaAt(0.02, 0.02)).toBe(0); // the backdrop is gone
  expect(alphaAt(0.5, 0.5)).toBeGreaterThan(240); // the garment is kept
  // A transparent cut-out saves as a PNG (ADR 024), with its transparency.
  const saved = await sharp(await downloadResult(page, 'canvas-editor-result.png')).metadata();
  expect([saved.format, saved.hasAlpha]).toEqual(['png', true]);

  // Video: 5 s, with a prompt; it plays.
  await chooseTool(page, 'Video Generation');
  await page.getByRole('textbox', { name: 'Prompt' }).fill(VIDEO_PROMPT);
  await expect(page.getByLabel('Duration')).toBeEnabled();
  await generate(page);
  const video = result.locator('video');
  await expect(video).toBeVisible({ timeout: 120_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.duration)), {
      timeout: 20_000,
    })
    .toBe(5);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await downloadResult(page, 'canvas-editor-video.mp4');
  await page.screenshot({
    path: `${screenshotDir}/canvas-editor-desktop-1440.png`,
    fullPage: true,
  });
  await expectNoSeriousA11yViolations(page);

  // All three in the gallery.
  await page.goto('/gallery');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  for (const label of ['Image Upscaler', 'Background Removal', 'Video Generation']) {
    await expect(cards.filter({ hasText: label })).toHaveCount(1);
  }
  await page.screenshot({ path: `${screenshotDir}/gallery-desktop-1440.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Filter by type, then search by prompt.
  await page.getByLabel('Type').selectOption('video-generation');
  await expect(page).toHaveURL(/type=video-generation/);
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Type').selectOption('all');
  await expect(cards).toHaveCount(3);
  await page.getByRole('searchbox').fill('linen');
  await expect(page).toHaveURL(/search=linen/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(VIDEO_PROMPT);

  // View returns to the canvas editor with the video, its input and its prompt.
  await cards.first().getByRole('link', { name: 'Open in tool' }).click();
  await expect(page).toHaveURL(/\/canvas-editor/);
  await expect(page.getByRole('radio', { name: 'Video Generation' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue(VIDEO_PROMPT);
  await expect(region(page, 'Generated Result').locator('video')).toBeVisible();
  await expect(region(page, 'Input Image').getByRole('img')).toBeVisible();

  // Page size and pagination: 5 more upscales make 8 generations; 6 per page gives 2 pages.
  await upscaleThroughApi(page, baseURL ?? '', photo, 5);
  await page.goto('/gallery');
  await expect(cards).toHaveCount(8);
  await expect(page.getByText('8 total items')).toBeVisible();
  await page.getByLabel('Items per page').selectOption('6');
  await expect(page).toHaveURL(/limit=6/);
  await expect(cards).toHaveCount(6);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards).toHaveCount(6);
});

test('a Free user asking for a video sees the upgrade modal and is charged nothing', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await page.goto('/canvas-editor');
  await expect(page.getByRole('radio', { name: 'Video Generation' })).toBeChecked();
  await uploadPhoto(page);
  await generate(page);
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View All Plans' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  expect(await availableCredits(page, baseURL ?? '')).toBe(5);
});

test('a user without enough credits sees the insufficient-credits modal and nothing is charged', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await upscaleThroughApi(page, baseURL ?? '', photo, 5); // spends the 5 welcome credits
  expect(await availableCredits(page, baseURL ?? '')).toBe(0);

  await page.goto('/canvas-editor?tool=upscaler');
  await uploadPhoto(page);
  await generate(page);
  const dialog = page.getByRole('dialog', { name: /insufficient credits/i });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Canvas Editor');
  await expect(dialog.locator('dt:text-is("Required credits") + dd')).toHaveText('1');
  await expect(dialog.locator('dt:text-is("Available credits") + dd')).toHaveText('0');
  await page.keyboard.press('Escape');

  expect(await availableCredits(page, baseURL ?? '')).toBe(0);
  await page.goto('/gallery');
  await expect(page.getByText('5 total items')).toBeVisible();
});

test('the canvas editor and the gallery fit a 390 px phone', async ({ page, baseURL }) => {
  await signUp(page, baseURL ?? '');
  await upscaleThroughApi(page, baseURL ?? '', photo, 2);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/canvas-editor', '/gallery']) {
    await page.goto(path);
    if (path === '/gallery') await expect(page.getByRole('article')).toHaveCount(2);
    else await expect(region(page, 'Controls')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: `${screenshotDir}/${path.slice(1)}-mobile-390.png`,
      fullPage: true,
    });
  }
});

test('on a 390 px phone a finished upscale is brought into view and its heading focused', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/canvas-editor?tool=upscaler');
  await uploadPhoto(page);
  const result = region(page, 'Generated Result');
  // Generate sits far above the result panel on a phone.
  await expect(result.getByRole('heading', { name: 'Generated Result' })).not.toBeInViewport();

  await generate(page);

  await expect(result.getByRole('img', { name: 'Generated result' })).toBeVisible({
    timeout: 60_000,
  });
  const heading = result.getByRole('heading', { name: 'Generated Result' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  // Below the sticky header (64 px), not under it.
  await expect
    .poll(async () => (await heading.boundingBox())?.y ?? -1, { timeout: 5_000 })
    .toBeGreaterThanOrEqual(64);
});
