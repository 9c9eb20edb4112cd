import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  EXAMPLE_NOTICE,
  availableCredits,
  buyPlan,
  expectCanvasWith,
  expectImagesLoaded,
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
  sameMedia,
  signUp,
  uploadInput,
  useExample,
  type UploadFile,
  openFromSidebar,
  expectFitsDesktopAndPhone,
} from './fixtures';

// AI Designer (/ai-designer) in a real browser on the local engine: a cloth photo (or one of the
// three bundled examples) goes in with a cloth type, design theme and colour palette; the offline
// engine's palette recolouring makes the variants and labels them as its own work. Each design goes
// on to Download, HD (the canvas editor's upscaler) and Create Video; the gallery lists it under
// 'AI Designer' and View brings the form back. Nothing is mocked: server, queue, worker and engine
// run for real.

// The gallery records the prompt the page sent: with none written, the one built from the choices.
const BUILT_PROMPT = 'A bohemian redesign of this kurta, in a pastel colour palette';

// A generation takes seconds on 2 cores; the main journey runs one and visits three screens.
test.describe.configure({ timeout: 180_000 });

const designs = (page: Page) => region(page, 'Generated Designs');
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate Design' });
const openPage = (page: Page) => openTool(page, '/ai-designer', 'AI Designer');

/** Uploads the cloth photo; returns the stored image's URL as the panel shows it. */
const uploadCloth = (page: Page, file: UploadFile = garmentPath) =>
  uploadInput(page, 'Upload cloth image', 'Cloth image', file);

/** Generates and waits for `count` designs; returns their URLs in order. */
const generateDesigns = (page: Page, count: number) =>
  generateAndWait({
    button: generateButton(page),
    results: designs(page),
    name: 'Generated design',
    count,
  });

async function expectLabelledDesigns(page: Page) {
  const note = resultNote(designs(page));
  await expect(note).toBeVisible();
  await expect(note).toContainText('Made by the offline engine');
}

test('a Pro user designs variants of a cloth photo, downloads one, sends it to HD, finds it in the gallery under AI Designer and View brings the form back', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');

  // Reached from the sidebar (and the dashboard).
  await openFromSidebar(page, 'AI Designer', /\/ai-designer$/);
  await openPage(page);
  await expect(designs(page).getByText('No Designs Yet')).toBeVisible();

  const clothUrl = await uploadCloth(page);
  await page.getByRole('combobox', { name: 'Cloth type' }).selectOption('kurta');
  await page.getByRole('combobox', { name: 'Design theme' }).selectOption('bohemian');
  await page.getByRole('combobox', { name: 'Colour palette' }).selectOption('pastel');
  await page.getByRole('radio', { name: '2', exact: true }).check();
  await expect(page.getByText(/Estimated cost: 4 credits/)).toBeVisible();

  const [design1 = '', design2 = ''] = await generateDesigns(page, 2);
  expect(design1).not.toBe(design2);
  await expectLabelledDesigns(page);

  // Download saves the first design as a JPEG under its name.
  await expectJpegDownload(
    page,
    designs(page).getByRole('button', { name: 'Download result 1' }),
    'ai-designer-1.jpg',
  );

  // HD: the canvas editor's upscaler with this design as its input image.
  await designs(page).getByRole('link', { name: 'HD from result 1' }).click();
  await expect(page).toHaveURL(/\/canvas-editor\?tool=upscaler/);
  await expectCanvasWith(page, 'Upscaler', design1);

  // The gallery lists it under its type label and its filter.
  const cards = await expectOnlyInGallery(page, 'AI Designer', 'ai-designer');
  await expect(cards.first()).toContainText(BUILT_PROMPT);

  // View: the cloth photo, the choices the built prompt names, the variations and the designs.
  await openInTool(page, cards.first(), /\/ai-designer$/);
  await expect(page.getByRole('img', { name: 'Cloth image' })).toHaveAttribute(
    'src',
    sameMedia(clothUrl),
  );
  await expect(page.getByRole('combobox', { name: 'Cloth type' })).toHaveValue('kurta');
  await expect(page.getByRole('combobox', { name: 'Design theme' })).toHaveValue('bohemian');
  await expect(page.getByRole('combobox', { name: 'Colour palette' })).toHaveValue('pastel');
  await expect(page.getByRole('radio', { name: '2', exact: true })).toBeChecked();
  const past = designs(page);
  await expect(past.getByRole('img', { name: 'Generated design 1', exact: true })).toHaveAttribute(
    'src',
    design1,
  );
  await expect(past.getByRole('img', { name: 'Generated design 2', exact: true })).toHaveAttribute(
    'src',
    design2,
  );
  await expectLabelledDesigns(page);

  // Create Video from a past design: the canvas editor's video generation with it and the prompt.
  await past.getByRole('link', { name: 'Create Video from result 2', exact: true }).click();
  await expect(page).toHaveURL(/\/canvas-editor/);
  await expectCanvasWith(page, 'Video Generation', design2);
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue(BUILT_PROMPT);
});

test('a Free user starts from an example: its Example Results, then their own design, Back from HD finds the page, and Create Video is locked', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await page.goto('/');
  await page
    .getByRole('main')
    .getByRole('link', { name: /AI Designer/ })
    .click();
  await openPage(page);

  await expect(page.getByRole('button', { name: /^Use example / })).toHaveCount(3);
  await useExample(page, 'Dress');
  await expect(page.getByRole('button', { name: /^Use example / })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Colour palette' })).toHaveValue('pastel');
  const examples = region(page, 'Example Results');
  await expect(examples.getByRole('img', { name: /^Example result/ })).toHaveCount(2);
  await expectImagesLoaded(examples.getByRole('img'));
  await expect(examples.getByRole('note')).toContainText('Made by the offline engine');

  const before = await availableCredits(page, baseURL ?? '');
  const [design = ''] = await generateDesigns(page, 1);
  await expectLabelledDesigns(page);
  await expect(page.getByText(EXAMPLE_NOTICE)).toHaveCount(0);
  await expect(region(page, 'Example Results')).toHaveCount(0);
  // The designer does real work offline (recolouring): it is charged, 2 credits a design.
  await expect.poll(() => availableCredits(page, baseURL ?? '')).toBe(before - 2);

  // Back from HD finds the design, the settings and the prompt as they were left.
  await designs(page).getByRole('link', { name: 'HD', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Upscaler' })).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/ai-designer$/);
  await expect(designs(page).getByRole('img', { name: 'Generated design' })).toHaveAttribute(
    'src',
    design,
  );
  await expect(page.getByRole('img', { name: 'Cloth image' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Colour palette' })).toHaveValue('pastel');

  await expect(designs(page).getByRole('link', { name: 'Create Video', exact: true })).toHaveCount(
    0,
  );
  const locked = designs(page).getByRole('link', { name: 'Create Video (needs the Pro plan)' });
  await expect(locked).toHaveAttribute('href', '/subscription');
  await locked.click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('Generate Design without an image alerts, a custom type sends its text, a failed design says so, and Clear All Settings starts over with 2 variations', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);
  await expect(page.getByRole('radio', { name: '1', exact: true })).toBeChecked();

  await generateButton(page).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please upload a cloth image' }),
  ).toBeVisible();
  await expect(designs(page).getByText('No Designs Yet')).toBeVisible();

  // A plain sheet has no garment to recolour: the engine fails the job and the page says so.
  const blank = await sharp({
    create: { width: 600, height: 800, channels: 3, background: '#f3f0ea' },
  })
    .jpeg()
    .toBuffer();
  await uploadCloth(page, { name: 'blank.jpg', mimeType: 'image/jpeg', buffer: blank });
  await expect(page.getByText('Please upload a cloth image')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Cloth type' }).selectOption('custom');
  await page.getByRole('textbox', { name: 'Custom cloth type' }).fill('angrakha');
  const sent = page.waitForRequest('**/api/v1/ai-designer/generate');
  const before = await availableCredits(page, baseURL ?? '');
  await generateButton(page).click();
  expect((await sent).postDataJSON()).toMatchObject({
    clothType: 'angrakha',
    prompt: 'A fresh redesign of this angrakha, with a colour palette that suits it',
    numImages: 1,
    aspectRatio: '9:16',
    style: 'modern',
    outputFormat: 'jpeg',
    enableSafetyChecker: true,
  });
  await expect(designs(page).getByRole('alert')).toHaveText(
    'Failed to generate design. Please try again.',
    { timeout: 90_000 },
  );
  // The failed design's credits come back.
  await expect.poll(() => availableCredits(page, baseURL ?? '')).toBe(before);

  await page.getByRole('button', { name: 'Clear All Settings' }).click();
  await expect(page.getByRole('img', { name: 'Cloth image' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Cloth type' })).toHaveValue('auto');
  await expect(page.getByRole('textbox', { name: 'Custom cloth type' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: '2', exact: true })).toBeChecked();
  await expect(designs(page).getByText('No Designs Yet')).toBeVisible();
  await expect(designs(page).getByRole('alert')).toHaveCount(0);
});

test('the form works from the keyboard', async ({ page, baseURL }) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);

  const example = page.getByRole('button', { name: 'Use example Kurta' });
  await example.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(EXAMPLE_NOTICE)).toBeVisible();
  // Focus stays in the cloth panel (the example buttons are gone), on the image's Remove button.
  await expect(page.getByRole('button', { name: 'Remove image' })).toBeFocused();

  const one = page.getByRole('radio', { name: '1', exact: true });
  await one.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '2', exact: true })).toBeChecked();

  const palette = page.getByRole('combobox', { name: 'Colour palette' });
  await palette.focus();
  await page.keyboard.press('ArrowDown');
  await expect(palette).toHaveValue('monochrome');

  const disclosure = page.getByText('Advanced Settings', { exact: true });
  await disclosure.focus();
  await page.keyboard.press('Enter');
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(prompt).toBeFocused();
});

test('the page with designs passes axe at 1440 px and fits a 390 px phone', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);
  await expectNoSeriousA11yViolations(page);
  await uploadCloth(page);
  await page.getByRole('combobox', { name: 'Cloth type' }).selectOption('custom');
  await page.getByRole('radio', { name: '2', exact: true }).check();
  await generateDesigns(page, 2);

  await expectFitsDesktopAndPhone(
    page,
    'ai-designer',
    designs(page).getByRole('img', { name: 'Generated design 2' }),
  );

  // An example's results on the phone too.
  await page.getByRole('button', { name: 'Clear All Settings' }).click();
  await page.getByRole('button', { name: 'Use example T-shirt' }).click();
  await expect(region(page, 'Example Results').getByRole('img')).toHaveCount(2);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});
