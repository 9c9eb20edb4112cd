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
  generateAndWait,
  openInTool,
  openTool,
  productPath,
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

// Product AI Photoshoot (/photoshoot) in a real browser on the local engine: a product photo (or
// one of the three bundled examples) goes in with a scene style and a number of images; the
// offline engine cuts the product out and composes it onto rendered scenes, labelled as its own
// work. Each scene goes on to Download, HD (the canvas editor's upscaler) and Create Video; the
// gallery lists it under 'Photoshoots' and View brings the form back. Nothing is mocked: server,
// queue, worker and engine run for real.

const DEFAULT_PROMPT = 'in a landscape';

// Five scenes take a while on 2 cores; the main journey runs one and visits three screens.
test.describe.configure({ timeout: 240_000 });

const scenes = (page: Page) => region(page, 'Generated Photoshoot');
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate Photoshoot' });
const count = (page: Page) => page.getByRole('spinbutton', { name: 'Number of images' });
const openPage = (page: Page) => openTool(page, '/photoshoot', 'Product AI Photoshoot');

/** Uploads the product photo; returns the stored image's URL as the panel shows it. */
const uploadProduct = (page: Page, file: UploadFile = productPath) =>
  uploadInput(page, 'Upload product image', 'Product image', file);

/** Generates and waits for the scenes shown (at most 4); returns their URLs in order. */
const generateScenes = (page: Page, made: number) =>
  generateAndWait({
    button: generateButton(page),
    results: scenes(page),
    name: 'Product scene',
    count: made,
    shown: Math.min(made, 4),
    timeout: 180_000,
  });

async function expectLabelledScenes(page: Page) {
  const note = resultNote(scenes(page));
  await expect(note).toBeVisible();
  await expect(note).toContainText('Made by the offline engine');
}

test('a Pro user shoots a product in 5 scenes (4 shown, +1 more), downloads one, sends it to HD, finds it in the gallery under Photoshoots and View brings the form back', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');

  await openFromSidebar(page, 'Product AI Photoshoot', /\/photoshoot$/);
  await openPage(page);
  await expect(generateButton(page)).toBeDisabled();

  const productUrl = await uploadProduct(page);
  await expect(generateButton(page)).toBeEnabled();
  await page.getByRole('combobox', { name: 'Scene style' }).selectOption('minimal');
  await expect(count(page)).toHaveValue('1');
  const more = page.getByRole('button', { name: 'More images' });
  for (let i = 0; i < 4; i++) await more.click();
  await expect(count(page)).toHaveValue('5');
  await expect(more).toBeDisabled();
  await expect(page.getByText(/Estimated cost: 5 credits/)).toBeVisible();

  const sent = page.waitForRequest('**/api/v1/photoshoot/generate');
  const [scene1 = '', scene2 = ''] = await generateScenes(page, 5);
  expect((await sent).postDataJSON()).toMatchObject({
    sceneStyle: 'minimal',
    prompt: DEFAULT_PROMPT,
    numImages: 5,
    colorTheme: 'white',
    productImageIds: [],
    quality: 'high',
  });
  expect(scene1).not.toBe(scene2);
  await expect(scenes(page).getByText('+1 more')).toBeVisible();
  await expectLabelledScenes(page);

  // Download saves the first scene as a JPEG under its name.
  await expectJpegDownload(
    page,
    scenes(page).getByRole('button', { name: 'Download result 1' }),
    'product-photoshoot-1.jpg',
  );

  // HD: the canvas editor's upscaler with this scene as its input image.
  await scenes(page).getByRole('link', { name: 'HD from result 1' }).click();
  await expect(page).toHaveURL(/\/canvas-editor\?tool=upscaler/);
  await expectCanvasWith(page, 'Upscaler', scene1);

  // The gallery lists it under its type label and its filter.
  const cards = await expectOnlyInGallery(page, 'Photoshoots', 'photoshoot');
  // Made without a prompt: the card names the scene, not the default prompt sent for it.
  await expect(cards.first()).toContainText('Minimal scene');
  await expect(cards.first()).not.toContainText(DEFAULT_PROMPT);

  // View: the product, the scene, the count (the default prompt stays an empty field), the scenes.
  await openInTool(page, cards.first(), /\/photoshoot$/);
  await expect(page.getByRole('img', { name: 'Product image' })).toHaveAttribute(
    'src',
    sameMedia(productUrl),
  );
  await expect(page.getByRole('combobox', { name: 'Scene style' })).toHaveValue('minimal');
  await expect(count(page)).toHaveValue('5');
  await page.getByText('Advanced Settings', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
  const past = scenes(page);
  await expect(past.getByRole('img', { name: 'Product scene 1', exact: true })).toHaveAttribute(
    'src',
    scene1,
  );
  await expect(past.getByText('+1 more')).toBeVisible();
  await expectLabelledScenes(page);

  // Create Video from a past scene: the canvas editor's video generation with it and the prompt.
  await past.getByRole('link', { name: 'Create Video from result 2', exact: true }).click();
  await expect(page).toHaveURL(/\/canvas-editor/);
  await expectCanvasWith(page, 'Video Generation', scene2);
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue(DEFAULT_PROMPT);
});

test('a Free user starts from an example: its Example Results with the notice, then their own scene, Back from HD finds the page, and Create Video is locked', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);

  await expect(page.getByRole('button', { name: /^Use example / })).toHaveCount(3);
  await useExample(page, 'Sneaker');
  await expect(page.getByRole('button', { name: 'Remove image' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Scene style' })).toHaveValue('outdoor');
  const examples = region(page, 'Example Results');
  await expect(examples.getByRole('img', { name: /^Example scene/ })).toHaveCount(2);
  await expectImagesLoaded(examples.getByRole('img'));
  await expect(examples.getByRole('note')).toContainText('These are example results');

  const before = await availableCredits(page, baseURL ?? '');
  const [scene = ''] = await generateScenes(page, 1);
  await expectLabelledScenes(page);
  await expect(page.getByText(EXAMPLE_NOTICE)).toHaveCount(0);
  await expect(region(page, 'Example Results')).toHaveCount(0);
  // Real work offline (cut-out and scene): charged, 1 credit a scene.
  await expect.poll(() => availableCredits(page, baseURL ?? '')).toBe(before - 1);

  // Back from HD finds the scene and the settings as they were left.
  await scenes(page).getByRole('link', { name: 'HD', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Upscaler' })).toBeChecked();
  await page.goBack();
  await expect(page).toHaveURL(/\/photoshoot$/);
  await expect(scenes(page).getByRole('img', { name: 'Product scene' })).toHaveAttribute(
    'src',
    scene,
  );
  await expect(page.getByRole('img', { name: 'Product image' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Scene style' })).toHaveValue('outdoor');

  const locked = scenes(page).getByRole('link', { name: 'Create Video (needs the Pro plan)' });
  await expect(locked).toHaveAttribute('href', '/subscription');
  await locked.click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('the page passes axe at 1440 px and fits a 390 px phone, with scenes and with an example', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);
  await expectNoSeriousA11yViolations(page);
  await uploadProduct(page);
  await page.getByRole('button', { name: 'More images' }).click();
  await generateScenes(page, 2);

  await expectFitsDesktopAndPhone(
    page,
    'photoshoot',
    scenes(page).getByRole('img', { name: 'Product scene 2' }),
  );

  await page.getByRole('button', { name: 'Clear All Settings' }).click();
  await expect(generateButton(page)).toBeDisabled();
  await page.getByRole('button', { name: 'Use example Handbag' }).click();
  await expect(region(page, 'Example Results').getByRole('img')).toHaveCount(2);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('a photo with no product fails with the spec’s message and the credits come back', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await openPage(page);

  // A plain sheet has no product to cut out: the engine fails the job and the page says so.
  const blank = await sharp({
    create: { width: 600, height: 600, channels: 3, background: '#f1efeb' },
  })
    .jpeg()
    .toBuffer();
  await uploadProduct(page, { name: 'blank.jpg', mimeType: 'image/jpeg', buffer: blank });
  const before = await availableCredits(page, baseURL ?? '');
  await generateButton(page).click();
  await expect(scenes(page).getByRole('alert')).toHaveText(
    'Failed to generate photoshoot. Please try again.',
    { timeout: 180_000 },
  );
  await expect.poll(() => availableCredits(page, baseURL ?? '')).toBe(before);
});
