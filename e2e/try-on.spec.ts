import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  addGarments,
  addModelPhoto,
  buyPlan,
  expectDownload,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  garmentPath,
  openInTool,
  openTool,
  readZip,
  region,
  resultNote,
  signUp,
  templateBox,
  tryOnOne,
  expectNoPaidFollowUp,
} from './fixtures';

// Clothes AI Photoshoot (/try-on) in a real browser on the local engine: garment photos and models
// go in as one catalogue (every garment on every model, one generation per pair), priced and
// confirmed up front, followed after a reload and zipped. The offline engine makes labelled
// previews and says so: a preview is offered no HD, no Create Video and no colour badge (ADR 048).
// Nothing is mocked.

const TEMPLATE_A = 'Studio Classic';
const TEMPLATE_B = 'Summer Dress';

// The garment-fidelity check runs the segmentation model twice per pair (ADR 037).
test.describe.configure({ timeout: 360_000 });

/** A second garment photo: the bundled one recoloured, saved under a SKU-like name. */
async function secondGarment(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'try-on-')), 'sku-204-kurta.jpg');
  await sharp(garmentPath).modulate({ hue: 120 }).jpeg().toFile(file);
  return file;
}

const openPage = (page: Page) =>
  openTool(page, '/try-on', 'Clothes AI Photoshoot', async () => {
    await expect(templateBox(page, TEMPLATE_A)).toBeVisible();
  });

test('a catalogue of 2 garments × 2 models: confirmed, followed after a reload, zipped, and on to HD and the gallery', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');
  await openPage(page);

  await addGarments(page, [garmentPath, await secondGarment()]);
  await templateBox(page, TEMPLATE_A).check();
  await templateBox(page, TEMPLATE_B).check();
  await expect(page.getByText('2 garments × 2 models = 4 photos')).toBeVisible();
  await page.getByLabel('Catalogue name').fill('Summer drop');

  await page.getByRole('button', { name: 'Generate Catalogue' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm catalogue' });
  await expect(confirm).toContainText('Generate 4 photos (2 garments × 2 models = 4 photos)');
  await confirm.getByRole('button', { name: 'Confirm and generate' }).click();
  await expect(page).toHaveURL(/\/try-on\?batch=/);

  // A reload mid-run shows the same catalogue and keeps following it.
  await page.reload();
  const results = region(page, 'Results');
  // The app under test runs its worker in the same process on 2 cores: while the local engine makes
  // the photos and checks each garment's colour (two segmentation runs per photo, ADR 037) the
  // catalogue's first read can wait more than 10 s (seen on a clean run, 2026-11-24).
  await expect(results.getByRole('heading', { name: 'Summer drop' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(results.getByRole('status')).toContainText('Finished: 4 of 4 made', {
    timeout: 270_000,
  });
  await expect(resultNote(results)).toContainText(/preview/i);
  const kurta = results.getByRole('list', { name: 'sku-204-kurta on each model' });
  await expect(kurta.getByRole('img')).toHaveCount(2);

  // A preview carries no garment colour badge: its "garment" is the input beside a banner (ADR 048).
  await expect(results.getByRole('group', { name: 'Garment colour check' })).toHaveCount(0);

  // One zip of the whole catalogue, named after it, one photo per garment and model.
  const zip = await readZip(
    await expectDownload(
      page,
      results.getByRole('link', { name: 'Download all (.zip)' }),
      'Summer drop.zip',
    ),
  );
  expect(zip).toHaveLength(4);
  expect(zip.some((entry) => entry.name.includes('sku-204-kurta'))).toBe(true);

  // No HD or Create Video on a preview (ADR 048); leave and come Back: the catalogue is found again.
  await expectNoPaidFollowUp(results);
  await page.goto('/gallery');
  await page.goBack();
  await expect(region(page, 'Results').getByRole('status')).toContainText('Finished: 4 of 4 made');
  await expect(page.getByRole('list', { name: 'Garments' }).getByRole('img')).toHaveCount(2);

  // The gallery lists the four under Try-Ons; View comes back with the garment and the photos.
  await page.goto('/gallery?type=try-on');
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('article').first()).toContainText('Try-Ons');
  await openInTool(page, page.getByRole('article').first(), /\/try-on$/);
  await expect(page.getByRole('list', { name: 'Garments' }).getByRole('img')).toHaveCount(1);
  await expect(
    region(page, 'Results')
      .getByRole('img', { name: /^Generated photo/ })
      .first(),
  ).toHaveAttribute('src', /^\/api\/v1\/media\//);

  // A past preview is offered nothing that costs credits either.
  await expectNoPaidFollowUp(region(page, 'Results'));
});

test('one garment on the user’s own model photo is sent without a confirmation; its preview offers no Create Video', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);
  await expect(page.getByRole('button', { name: 'Generate Try-On' })).toHaveAccessibleDescription(
    'Please upload a garment photo',
  );
  await addGarments(page, [garmentPath]);
  await expect(page.getByRole('button', { name: 'Generate Try-On' })).toHaveAccessibleDescription(
    'Please choose a model',
  );
  await addModelPhoto(page, await secondGarment());

  const results = await tryOnOne(page);
  await expect(results.getByRole('group', { name: 'Confirm catalogue' })).toHaveCount(0);
  await expectNoPaidFollowUp(results);

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
});
