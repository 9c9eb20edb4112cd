import { expect, test } from '@playwright/test';
import { buyPlan, expectFitsDesktopAndPhone, garmentPath, signUp } from './fixtures';

test('an angle set from a photo of the garment: four views, each captioned with its listing slot', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');
  await page.goto('/angle-sets');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Angle Set', exact: true }),
  ).toBeVisible();

  await page.getByLabel('Upload a photo').setInputFiles(garmentPath);
  await expect(page.getByText('Upload successful!')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Angle Set' }).click();

  const captions = page.getByRole('list', { name: 'Views' });
  await expect(captions.getByRole('listitem')).toHaveText(
    [
      '1. Front · main image',
      '2. Side · additional image',
      '3. Back · additional image',
      '4. Detail · additional image',
    ],
    { timeout: 150_000 },
  );
  await expectFitsDesktopAndPhone(page, 'angle-sets', captions);
});
