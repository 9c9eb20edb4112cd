import { expect, test, type Page } from '@playwright/test';
import {
  EXAMPLE_NOTICE,
  buyPlan,
  expectJpegDownload,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectOnlyInGallery,
  garmentPath,
  generateAndWait,
  openInTool,
  openTool,
  region,
  resultNote,
  signUp,
  uploadInput,
  useExample,
  openFromSidebar,
  expectFitsDesktopAndPhone,
} from './fixtures';

// Fashion Extractor (/fashion-extractor, Plus and above) in a real browser on the local engine:
// a Free user meets the premium gate, buys Plus through the sandbox checkout the gate opens in a
// new tab, then extracts from one of the bundled examples. The offline engine makes a labelled
// preview; the item goes on to Download and Open Fullscreen, and no Upscale on a preview (ADR
// 048); the gallery lists it under 'Fashion Extractor' and View brings the page back.
// Nothing is mocked.

const DEFAULT_PROMPT = 'Extract the clothes from the image';

test.describe.configure({ timeout: 180_000 });

const items = (page: Page) => region(page, 'Extracted Items');
const extractButton = (page: Page) => page.getByRole('button', { name: 'Extract Fashion' });
const openPage = (page: Page) => openTool(page, '/fashion-extractor', 'Fashion Extractor');

/** Extracts and waits for the one item; returns its URL. */
async function extractAndWait(page: Page): Promise<string> {
  const [item = ''] = await generateAndWait({
    button: extractButton(page),
    results: items(page),
    name: 'Extracted item',
  });
  await expect(resultNote(items(page))).toBeVisible();
  return item;
}

test('a Free user on /fashion-extractor sees the gate, buys Plus in the sandbox checkout, then extracts from an example: Download, Open Fullscreen, no Upscale on the preview, the gallery and View', async ({
  page,
  context,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openFromSidebar(page, 'Fashion Extractor', /\/fashion-extractor$/);

  // The gate names the plan the extractor really needs.
  await expect(
    page.getByRole('heading', { name: 'Premium Feature - Plus Plan Required' }),
  ).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Plans' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await expect(page.getByLabel('Upload fashion image')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Upgrade to Plus Plan: the sandbox checkout opens in a new tab.
  const [checkout] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Upgrade to Plus Plan' }).click(),
  ]);
  await expect(checkout).toHaveURL(/\/checkout\/sandbox\/[0-9a-f-]{36}$/);
  await expect(checkout.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(
    checkout.getByRole('status').filter({ hasText: /Payment successful! Your Plus Monthly plan/ }),
  ).toBeVisible();
  await checkout.close();

  // Back on the extractor, the plan now opens the tool.
  await openPage(page);
  await expect(page.getByText('JPG, PNG or WebP up to 10MB')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Extraction type' })).toHaveValue('full-outfit');
  await expect(extractButton(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Use example / })).toHaveCount(3);
  await useExample(page, 'Suit');
  // Offline the engine's labelled preview is free; the estimate says so.
  await expect(page.getByRole('group', { name: 'Credit estimate' })).toContainText(
    'Estimated cost: 0 credits',
  );

  const sent = page.waitForRequest('**/api/v1/fashion-extractor/generate');
  const itemUrl = await extractAndWait(page);
  expect((await sent).postDataJSON()).toMatchObject({
    extractionType: 'full-outfit',
    prompt: DEFAULT_PROMPT,
    numImages: 1,
    quality: 'high',
    preserveDetails: true,
    removeBackground: true,
  });
  await expect(page.getByText(EXAMPLE_NOTICE)).toHaveCount(0);

  // Download saves the item as a JPEG under its name.
  await expectJpegDownload(
    page,
    items(page).getByRole('button', { name: 'Download' }),
    'fashion-extractor-1.jpg',
  );

  // Open Fullscreen: the item fills the screen; Escape closes it and focus comes back.
  const openButton = items(page).getByRole('button', { name: 'Open Fullscreen' });
  await openButton.click();
  const viewer = page.getByRole('dialog', { name: 'Extracted item' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'Extracted item' })).toHaveAttribute('src', itemUrl);
  // It fills the viewport once its opening zoom has run.
  const viewport = page.viewportSize();
  await expect
    .poll(async () => {
      const box = await viewer.boundingBox();
      return box && [Math.round(box.width), Math.round(box.height)];
    })
    .toEqual([viewport?.width, viewport?.height]);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(openButton).toBeFocused();

  // A preview is offered no Upscale: it costs credits and would enlarge the preview (ADR 048).
  await expect(items(page).getByRole('link', { name: /Upscale/ })).toHaveCount(0);

  // The gallery lists it under its type label and its filter.
  const cards = await expectOnlyInGallery(page, 'Fashion Extractor', 'fashion-extractor');
  await expect(cards.first()).toContainText(DEFAULT_PROMPT);

  // View: the photo and the item come back.
  await openInTool(page, cards.first(), /\/fashion-extractor$/);
  await expect(page.getByRole('img', { name: 'Fashion image' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Custom instructions' })).toHaveValue('');
  await expect(items(page).getByRole('img', { name: 'Extracted item' })).toHaveAttribute(
    'src',
    itemUrl,
  );
  await expect(resultNote(items(page))).toBeVisible();
});

test('a Plus user’s instructions are sent, Clear starts over, and the page with an item passes axe at 1440 px and fits a 390 px phone', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '', 'plus_monthly');
  await openPage(page);
  await expectNoSeriousA11yViolations(page);

  await uploadInput(page, 'Upload fashion image', 'Fashion image', garmentPath);
  await page.getByRole('textbox', { name: 'Custom instructions' }).fill('Only the jacket');
  const sent = page.waitForRequest('**/api/v1/fashion-extractor/generate');
  await extractAndWait(page);
  expect((await sent).postDataJSON()).toMatchObject({ prompt: 'Only the jacket' });

  await expectFitsDesktopAndPhone(
    page,
    'fashion-extractor',
    items(page).getByRole('img', { name: 'Extracted item' }),
  );

  // The viewer on the phone: full screen, axe clean.
  await items(page).getByRole('button', { name: 'Open Fullscreen' }).click();
  await expect(page.getByRole('dialog', { name: 'Extracted item' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('img', { name: 'Fashion image' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Custom instructions' })).toHaveValue('');
  await expect(items(page).getByText('No extracted items yet')).toBeVisible();
  await expect(extractButton(page)).toBeDisabled();
  await expectNoHorizontalScroll(page);
});
