import { expect, test, type Page } from '@playwright/test';
import {
  availableCredits,
  buyPlan,
  expectJpegDownload,
  expectNoSeriousA11yViolations,
  expectOnlyInGallery,
  garmentPath,
  generateAndWait,
  modeListLoaded,
  openInTool,
  openTool,
  region,
  resultNote,
  sameMedia,
  signUp,
  uploadInput,
  expectNoPaidFollowUp,
  openFromSidebar,
  expectFitsDesktopAndPhone,
} from './fixtures';

// AI Pose Change (/ai-poses) in a real browser on the local engine: a model photo goes in with a
// pose preset (the catalog's seeded poses), view, background, expression and colour; the offline
// engine makes a labelled preview (a pose change needs a generative model). The preview goes on to
// Download only: nothing that costs credits is offered on it (ADR 048); the gallery lists it under
// 'Pose Change' and View brings the form back. Nothing is mocked.

test.describe.configure({ timeout: 180_000 });

const result = (page: Page) => region(page, 'Generated Result');
const poseGrid = (page: Page) => page.getByRole('radiogroup', { name: 'Pose', exact: true });
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate AI Poses' });

const openPage = (page: Page) =>
  openTool(page, '/ai-poses', 'AI Pose Change', async () => {
    await modeListLoaded(page);
    // The presets are listed and the first female standing one is chosen.
    await expect(poseGrid(page).getByRole('radio', { name: 'Confident Stand' })).toBeChecked();
  });

/** Uploads the model photo (the bundled garment photo); returns its stored URL. */
const uploadModel = (page: Page) =>
  uploadInput(page, 'Upload model image', 'Model image', garmentPath);

/** Generates and waits for the labelled preview; returns its URL. */
async function generatePose(page: Page): Promise<string> {
  const [pose = ''] = await generateAndWait({
    button: generateButton(page),
    results: result(page),
    name: 'Generated pose',
  });
  await expect(resultNote(result(page))).toContainText(/preview/i);
  return pose;
}

test('a Pro user changes the pose of a model photo, downloads the preview (no HD or Create Video on it), finds it in the gallery under Pose Change and View brings the form back', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  await buyPlan(page, baseURL ?? '');

  await openFromSidebar(page, 'AI Pose Change', /\/ai-poses$/);
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
  const generated = generatePose(page);
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

  await expectJpegDownload(
    page,
    result(page).getByRole('button', { name: 'Download', exact: true }),
    'ai-pose-1.jpg',
  );

  // A preview: no paid follow-up (ADR 048).
  await expectNoPaidFollowUp(result(page));

  const cards = await expectOnlyInGallery(page, 'Pose Change', 'ai-poses');
  await openInTool(page, cards.first(), /\/ai-poses$/);
  await expect(page.getByRole('img', { name: 'Model image' })).toHaveAttribute(
    'src',
    sameMedia(modelUrl),
  );
  await expect(poseGrid(page).getByRole('radio', { name: 'Wall Lean' })).toBeChecked();
  await expect(result(page).getByRole('img', { name: 'Generated pose' })).toHaveAttribute(
    'src',
    pose,
  );

  await expectNoPaidFollowUp(result(page));
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
  const generated = generatePose(page);
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
  await expectNoPaidFollowUp(result(page));

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
  await generatePose(page);

  await expectFitsDesktopAndPhone(
    page,
    'ai-poses',
    result(page).getByRole('img', { name: 'Generated pose' }),
  );
});
