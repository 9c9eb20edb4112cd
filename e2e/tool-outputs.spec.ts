import { expect, test, type Page } from '@playwright/test';
import { buyPlan, garmentPath, region, resultNote, signUp, uploadInput } from './fixtures';

// What this studio really makes with each tool (ADR 048), in a real browser on the default offline
// engine: the login hero, the dashboard cards, the plan cards and a tool page say which tools only
// make labelled previews here, in a seller's words; a preview result offers Download and nothing
// that costs credits (no HD, no Create Video) and no garment colour badge. Nothing is mocked.

const PREVIEW_LINE =
  'In this studio, Clothes AI Photoshoot, Advance Clothes AI Photoshoot, AI Pose Change, Fashion Extractor and Angle Set show free labelled previews; real results are not available here yet.';
const PREVIEW_TOOL_NOTE =
  'This studio shows a labelled preview for this tool; real results are not available here yet. Previews are free.';

// A pose preview and its garment check on the app's own worker, on 2 shared cores.
test.describe.configure({ timeout: 240_000 });

// The dashboard's cards, not the sidebar's links of the same names.
const card = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(`^${title.replace(/[/]/g, '\\/')}\\b`) });

test('the login hero names the tools that only preview here, with no operator words', async ({
  page,
}) => {
  await page.goto('/login');
  const hero = page.getByRole('region', { name: 'About AI Product Studio' });
  await expect(hero).toContainText(PREVIEW_LINE);
  await expect(hero).not.toContainText(/configure|fal\b/i);
});

test('the dashboard and plan cards say which tools only preview here; a pose preview offers no paid follow-up and no colour badge', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  // Pro: video is open to this plan, so a missing Create Video is the preview's doing, not a lock.
  await buyPlan(page, baseURL ?? '');

  // The dashboard tags exactly the cards of tools that only preview here.
  await page.goto('/');
  // The dashboard's chunk can take a while on 2 shared cores.
  await expect(card(page, 'AI Designer')).toBeVisible({ timeout: 30_000 });
  for (const title of [
    'Advance Clothes AI Photoshoot',
    'Outfit Picker',
    'AI Pose Change',
    'Dummy/Mannequin to AI Model',
    'Clothes Catalogue Generator',
  ]) {
    await expect(card(page, title)).toContainText('Preview only here');
  }
  for (const title of [
    'Fashion Reels',
    'Product photography',
    'AI Designer',
    'Change Background',
  ]) {
    await expect(card(page, title)).not.toContainText('Preview only here');
  }

  // The plan cards say it before anyone pays.
  await page.goto('/subscription');
  const plus = page.getByRole('article', { name: 'Plus' });
  await expect(plus).toContainText(PREVIEW_LINE);

  // The tool page says it before anything is uploaded.
  await page.goto('/ai-poses');
  await expect(page.getByRole('heading', { name: 'AI Pose Change', level: 2 })).toBeVisible();
  await expect(page.getByRole('note', { name: 'What this tool makes here' })).toHaveText(
    PREVIEW_TOOL_NOTE,
  );
  await expect(page.getByText(/Configure fal/i)).toHaveCount(0);

  // A preview: free, labelled, Download only.
  await uploadInput(page, 'Upload model image', 'Model image', garmentPath);
  await page.getByRole('button', { name: 'Generate AI Poses' }).click();
  const result = region(page, 'Generated Result');
  await expect(result.getByRole('img', { name: 'Generated pose', exact: true })).toBeVisible({
    timeout: 180_000,
  });
  await expect(resultNote(result)).toContainText(
    'A labelled preview, free: this studio cannot make real results for this tool yet.',
  );
  await expect(result.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
  await expect(result.getByRole('link', { name: /Create Video/ })).toHaveCount(0);
  await expect(result.getByRole('link', { name: /^HD/ })).toHaveCount(0);
  await expect(result.getByRole('link', { name: /Upscale/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Garment colour check' })).toHaveCount(0);
  await expect(page.getByLabel(/^Colour check/)).toHaveCount(0);
  await expect(page.getByText(/Configure fal/i)).toHaveCount(0);
});
