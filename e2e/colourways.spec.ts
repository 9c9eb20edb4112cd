import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  buyPlan,
  downloadFrom,
  expectFitsDesktopAndPhone,
  garmentPath,
  readZip,
  signUp,
} from './fixtures';

const VARIANTS = [
  ['TEE-NAVY', '#1f3a5f'],
  ['TEE-CRIMSON', '#c0392b'],
  ['TEE-MUSTARD', '#f4d03f'],
  ['TEE-FOREST', '#2e5e3a'],
  ['TEE-PLUM', '#7b3f9e'],
  ['TEE-SAND', '#d8c3a5'],
] as const;

test('six colourways of a garment photo by hex, each with its ΔE, downloaded as one zip named by SKU', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');
  await page.goto('/colourways');
  await expect(page.getByRole('heading', { level: 2, name: 'Colourways' })).toBeVisible();

  await page.getByLabel('Upload garment photo').setInputFiles(garmentPath);
  await expect(page.getByText('Garment photo uploaded.')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Variants' });
  for (const [index, [name, colour]] of VARIANTS.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add variant' }).click();
    await rows.getByLabel(`Name or SKU (${String(index + 1)})`).fill(name);
    await rows.getByLabel(`Colour (${String(index + 1)})`).fill(colour);
  }
  await page.getByRole('button', { name: 'Generate Colourways' }).click();

  const zipLink = page.getByRole('link', { name: 'Download all (zip)' });
  await expect(zipLink).toBeVisible({ timeout: 150_000 });
  const results = page.getByRole('list', { name: 'Colourways' });
  await expect(results.getByRole('listitem')).toHaveCount(6);
  for (const [name, colour] of VARIANTS) {
    const card = results.getByRole('listitem').filter({ hasText: name });
    await expect(card.getByRole('img', { name: `${name} in ${colour}` })).toBeVisible();
    await expect(card.getByText(/ΔE \d+\.\d · match/)).toBeVisible();
  }
  await expect(page.getByText('6 of 6 colourways made.', { exact: false })).toBeVisible();

  const download = await downloadFrom(page, zipLink);
  const entries = await readZip(fs.readFileSync(await download.path()));
  expect(entries.map((entry) => entry.name).sort()).toEqual(
    VARIANTS.map(([name]) => `${name}.jpg`).sort(),
  );

  await expectFitsDesktopAndPhone(page, 'colourways', results);
});
