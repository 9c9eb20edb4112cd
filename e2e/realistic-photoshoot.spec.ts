import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  availableCredits,
  buyPlan,
  expectJpegDownload,
  filterGallery,
  garmentPath,
  generateAndWait,
  openInTool,
  openTool,
  region,
  resultNote,
  sameMedia,
  signUp,
  templateBox,
  uploadInput,
  upscaleThroughApi,
  expectNoPaidFollowUp,
  expectFitsDesktopAndPhone,
} from './fixtures';

// Advance Clothes AI Photoshoot (/realistic-photoshoot) in a real browser on the local engine: a
// cloth photo and model templates go in, one labelled preview photo per template comes out (the
// offline engine has no generative model and says so), and each preview goes on to Download only:
// nothing that costs credits is offered on a preview (ADR 048). Nothing is mocked: server, queue,
// worker and engine run for real.

const garment = fs.readFileSync(garmentPath);
const PROMPT = 'linen shirt on a model walking by the sea';
// Two catalog templates by name (seeded by the server at start): the gallery records a run's
// templates by id, so choosing named ones lets View be checked for exactly these two.
const TEMPLATE_A = 'Studio Classic';
const TEMPLATE_B = 'Summer Dress';

// A generation takes seconds on 2 cores; the main journey runs one and visits three screens.
test.describe.configure({ timeout: 180_000 });

const templateList = (page: Page) => page.getByRole('list', { name: 'Templates' });
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate Photoshoot' });

const openPage = (page: Page) =>
  openTool(page, '/realistic-photoshoot', 'Advance Clothes AI Photoshoot', async () => {
    // The catalog is listed after 'Random' once it has loaded.
    await expect(templateBox(page, TEMPLATE_A)).toBeVisible();
  });

/** Uploads the cloth photo; returns the stored image's URL as the panel shows it. */
const uploadCloth = (page: Page) =>
  uploadInput(page, 'Upload cloth image', 'Cloth image', garmentPath);

/** Generates and waits for `count` result photos; returns their URLs in order. */
const generatePhotos = (page: Page, count: number) =>
  generateAndWait({
    button: generateButton(page),
    results: region(page, 'Results'),
    name: 'Generated photo',
    count,
  });

async function expectLabelledPreview(page: Page) {
  const note = resultNote(region(page, 'Results'));
  await expect(note).toBeVisible();
  await expect(note).toContainText(/preview/i);
}

test('a Pro user gets one labelled preview per template, downloads it, sends it to HD, finds it in the gallery and makes a video from it', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');

  await openPage(page);
  await uploadCloth(page);
  await templateBox(page, TEMPLATE_A).check();
  await templateBox(page, TEMPLATE_B).check();
  await expect(page.getByRole('button', { name: `Remove ${TEMPLATE_A}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${TEMPLATE_B}` })).toBeVisible();
  await page.getByText('Advanced Settings', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
  await expect(generateButton(page)).toBeEnabled();

  const [result1 = '', result2 = ''] = await generatePhotos(page, 2);
  expect(result1).not.toBe(result2);
  await expectLabelledPreview(page);

  // Download saves the first result as a JPEG under the spec's name.
  await expectJpegDownload(
    page,
    region(page, 'Results').getByRole('button', { name: 'Download result 1' }),
    'advance-clothes-photoshoot-1.jpg',
  );

  // A preview: no HD and no Create Video on it (ADR 048).
  await expectNoPaidFollowUp(region(page, 'Results'));

  // The gallery lists it under its type label, beside an upscale made for contrast.
  await upscaleThroughApi(page, baseURL ?? '', garment);
  await page.goto('/gallery');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  const card = cards.filter({ hasText: 'Advance Clothes Try-On' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(PROMPT);
  await filterGallery(page, 'Advance Clothes Try-On', 'realistic-try-on');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Advance Clothes Try-On');

  // View goes back to the photoshoot with a cloth image, the prompt, the same templates and the
  // results. (That the cloth is the uploaded photo is checked by the next test.)
  await openInTool(page, cards.first(), /\/realistic-photoshoot$/);
  await expect(page.getByRole('img', { name: 'Cloth image' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue(PROMPT);
  await expect(templateBox(page, TEMPLATE_A)).toBeChecked();
  await expect(templateBox(page, TEMPLATE_B)).toBeChecked();
  await expect(
    page.getByRole('list', { name: 'Chosen templates' }).getByRole('listitem'),
  ).toHaveCount(2);
  const past = region(page, 'Results');
  await expect(past.getByRole('img', { name: 'Generated photo 1', exact: true })).toHaveAttribute(
    'src',
    result1,
  );
  await expect(past.getByRole('img', { name: 'Generated photo 2', exact: true })).toHaveAttribute(
    'src',
    result2,
  );
  await expect(generateButton(page)).toBeEnabled();

  // A past preview is offered nothing that costs credits either.
  await expectNoPaidFollowUp(past);
});

// The server records a run's inputs in payload key order; the try-on schema puts the garment
// first, so the gallery's first input is the cloth photo that View hands back.
test('View from the gallery puts the uploaded cloth photo back as the cloth image', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);
  const clothUrl = await uploadCloth(page);
  await templateBox(page, TEMPLATE_A).check();
  await generatePhotos(page, 1);

  await page.goto('/gallery?type=realistic-try-on');
  await page.getByRole('article').first().getByRole('link', { name: 'Open in tool' }).click();
  await expect(page).toHaveURL(/\/realistic-photoshoot$/);
  // The stored original, or its preview rendition: the same media id either way.
  await expect(page.getByRole('img', { name: 'Cloth image' })).toHaveAttribute(
    'src',
    sameMedia(clothUrl),
  );
});

// The page keeps its form and its finished run for the tab (useToolDraft, keepOutcome), so Back
// from a hand-off finds the cloth image, templates, prompt and results where the user left them.
test('Back from another page finds the page as it was left, with no paid follow-up on its previews', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');
  await openPage(page);
  await uploadCloth(page);
  await templateBox(page, TEMPLATE_A).check();
  await templateBox(page, TEMPLATE_B).check();
  await page.getByText('Advanced Settings', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
  const [, result2 = ''] = await generatePhotos(page, 2);

  // Previews have no HD hand-off (ADR 048): leave through the sidebar instead.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Canvas Editor' })
    .click();
  await expect(page).toHaveURL(/\/canvas-editor/);
  await page.goBack();
  await expect(page).toHaveURL(/\/realistic-photoshoot$/);
  await expect(
    region(page, 'Results').getByRole('img', { name: 'Generated photo 2', exact: true }),
  ).toHaveAttribute('src', result2);
  await expect(page.getByRole('img', { name: 'Cloth image' })).toBeVisible();
  await expect(templateBox(page, TEMPLATE_B)).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue(PROMPT);
  await expectNoPaidFollowUp(region(page, 'Results'));
});

test('a Free user gets the preview without paying, and is offered no Create Video on it', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  const before = await availableCredits(page, baseURL ?? '');

  await openPage(page);
  await uploadCloth(page);
  await templateBox(page, 'Random').check();
  await expect(page.getByRole('button', { name: 'Remove Random' })).toBeVisible();
  await generatePhotos(page, 1);
  await expectLabelledPreview(page);
  expect(await availableCredits(page, baseURL ?? '')).toBe(before);

  // Not even the locked one that sells Pro: a video of a preview is not worth buying (ADR 048).
  const results = region(page, 'Results');
  await expectNoPaidFollowUp(results);
});

test('Generate Photoshoot says what is missing until a cloth image and a template are chosen, and Clear All Settings starts over', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);
  await expect(page.getByRole('combobox', { name: 'Mode' })).toBeEnabled();
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue('performance');

  await expect(generateButton(page)).toBeDisabled();
  await expect(generateButton(page)).toHaveAccessibleDescription('Please upload a cloth image');

  await uploadCloth(page);
  await expect(generateButton(page)).toBeDisabled();
  await expect(generateButton(page)).toHaveAccessibleDescription(
    'Please select at least one template',
  );

  // Choosing a template enables it; its chip takes it away again.
  await templateBox(page, TEMPLATE_A).check();
  await expect(generateButton(page)).toBeEnabled();
  await expect(page.getByText('Please select at least one template')).toHaveCount(0);
  await page.getByRole('button', { name: `Remove ${TEMPLATE_A}` }).click();
  await expect(templateBox(page, TEMPLATE_A)).not.toBeChecked();
  await expect(generateButton(page)).toBeDisabled();

  // A full form, then Clear All Settings.
  await templateBox(page, TEMPLATE_A).check();
  await templateBox(page, 'Random').check();
  await page.getByRole('combobox', { name: 'Ethnicity' }).selectOption({ label: 'Indian' });
  await page.getByText('Advanced Settings', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
  await page.getByRole('button', { name: 'Clear All Settings' }).click();

  await expect(page.getByLabel('Upload cloth image')).toBeAttached();
  await expect(page.getByRole('img', { name: 'Cloth image' })).toHaveCount(0);
  await expect(templateList(page).getByRole('checkbox', { checked: true })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Chosen templates' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Ethnicity' })).toHaveValue('auto');
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
  await expect(generateButton(page)).toBeDisabled();
  await expect(generateButton(page)).toHaveAccessibleDescription('Please upload a cloth image');
});

test('template cards toggle with Space and Advanced Settings opens with Enter', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);

  const random = templateBox(page, 'Random');
  await random.focus();
  await page.keyboard.press('Space');
  await expect(random).toBeChecked();
  await expect(page.getByRole('button', { name: 'Remove Random' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(templateBox(page, TEMPLATE_A)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(templateBox(page, TEMPLATE_A)).toBeChecked();
  await page.keyboard.press('Space');
  await expect(templateBox(page, TEMPLATE_A)).not.toBeChecked();
  await expect(random).toBeChecked();

  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await expect(prompt).toBeHidden();
  const disclosure = page.getByText('Advanced Settings', { exact: true });
  await disclosure.focus();
  await expect(disclosure).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(prompt).toBeFocused();
  await page.keyboard.type('soft light');
  await expect(prompt).toHaveValue('soft light');
});

test('the page with results passes axe at 1440 px and fits a 390 px phone', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);
  await uploadCloth(page);
  await templateBox(page, 'Random').check();
  await templateBox(page, TEMPLATE_A).check();
  await generatePhotos(page, 2);

  await expectFitsDesktopAndPhone(
    page,
    'realistic-photoshoot',
    region(page, 'Results').getByRole('img', { name: 'Generated photo 2' }),
  );
});
