import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buffer as streamToBuffer } from 'node:stream/consumers';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test';
import sharp from 'sharp';
import yauzl from 'yauzl';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export function newUser(name = 'Maya Rao'): TestUser {
  return {
    name,
    email: `maya-${randomBytes(4).toString('hex')}@example.com`,
    password: 'a long test password',
  };
}

/** Creates an account through the API with the page's own cookie jar, so the page is signed in. */
export async function signUp(
  page: Page,
  baseURL: string,
  user: TestUser = newUser(),
): Promise<TestUser> {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { origin: new URL(baseURL).origin },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return user;
}

export const screenshotDir = new URL('../artifacts/screenshots/', import.meta.url).pathname;

/** The studio configured for fal, and the fake fal it calls (playwright.config.ts). */
export const falAppPort = Number(process.env.E2E_FAL_APP_PORT ?? 3221);
export const fakeFalPort = Number(process.env.E2E_FAKE_FAL_PORT ?? 3222);
export const FAKE_FAL_KEY = 'e2e-fake-fal-key';
/** A seller's webhook receiver the developers journey runs; the journeys' studio may deliver to it. */
export const webhookReceiverPort = Number(process.env.E2E_WEBHOOK_PORT ?? 3223);

/**
 * Waits until the studio at `baseURL` answers its health check. The fal studio is launched beside
 * the journeys' one and not waited for at start (playwright.config.ts); its journeys wait here,
 * as long as Playwright would have waited for it at start.
 */
export async function waitForStudio(request: APIRequestContext, baseURL: string): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await request.get(`${baseURL}/api/v1/health`)).ok();
        } catch {
          return false;
        }
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(true);
}

/** Who the local mock Google provider (mock-idp.ts) signs in. */
export const MOCK_GOOGLE_CLIENT_ID = 'e2e-google-client';
export const googleIdentity = {
  sub: 'e2e-google-1',
  email: 'gita.google@example.com',
  name: 'Gita Sharma',
};

/** Sends the page's own cookies with the Origin header the server's CSRF check expects. */
async function apiPost(page: Page, baseURL: string, path: string, data: unknown) {
  const res = await page.request.post(path, {
    data,
    headers: { origin: new URL(baseURL).origin },
  });
  if (!res.ok()) throw new Error(`${path} failed: ${String(res.status())} ${await res.text()}`);
  return res;
}

/** Creates an account on the login screen's Create account tab, as a visitor does. */
export async function createAccountOnLoginScreen(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(user.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Runs one of the server's operator commands (apps/server/src/cli/<name>.ts, as `npm run` does)
 * against the journeys' studio and its database; answers what it printed.
 */
export function serverCli(name: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', `apps/server/src/cli/${name}.ts`, ...args],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? '', ...env },
      encoding: 'utf8',
    },
  );
}

export async function currentUserId(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/session');
  const body = (await res.json()) as { user: { id: string } };
  return body.user.id;
}

/**
 * Buys a plan through the sandbox provider's API: the same fulfilment as a paid webhook, without
 * clicking through checkout again (billing.spec.ts covers that screen). Answers the order's id.
 */
export async function buyPlan(
  page: Page,
  baseURL: string,
  serviceType = 'pro_monthly',
): Promise<string> {
  const userId = await currentUserId(page);
  const link = await apiPost(page, baseURL, '/api/v1/generate-payment-link', {
    service_type: serviceType,
    userId,
    amount: 0,
    quantity: 1,
  });
  const { orderId } = (await link.json()) as { orderId: string };
  await apiPost(page, baseURL, '/api/v1/payments/sandbox/complete', { orderId, outcome: 'paid' });
  return orderId;
}

export async function availableCredits(page: Page, baseURL: string): Promise<number> {
  const res = await apiPost(page, baseURL, '/api/v1/user/credits', {
    userId: await currentUserId(page),
  });
  return ((await res.json()) as { credits: number }).credits;
}

/** Uploads a photo and runs one 2x upscale to the end through the API (1 credit). */
export async function upscaleThroughApi(page: Page, baseURL: string, photo: Buffer, times = 1) {
  const userId = await currentUserId(page);
  const upload = await page.request.post('/api/v1/uploads', {
    multipart: { userId, files: { name: 'look.jpg', mimeType: 'image/jpeg', buffer: photo } },
    headers: { origin: new URL(baseURL).origin },
  });
  if (!upload.ok()) throw new Error(`upload failed: ${String(upload.status())}`);
  const { url } = (await upload.json()) as { url: string };
  for (let i = 0; i < times; i++) {
    const res = await apiPost(page, baseURL, '/api/v1/upscaler?wait=60', {
      userId,
      imageUrl: url,
    });
    const body = (await res.json()) as { success: boolean; message: string };
    if (!body.success) throw new Error(`upscale failed: ${body.message}`);
  }
}

/** axe-core on the current page: no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
    ),
  ).toEqual([]);
}

/** The page does not scroll sideways (a 390 px phone must not need it). */
export async function expectNoHorizontalScroll(page: Page, message?: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, message).toBeLessThanOrEqual(0);
}

/**
 * The page passes axe at 1440 px, then on a 390 px phone still shows `shown`, does not scroll
 * sideways and passes axe again; screenshots of both go to `<name>-desktop-1440.png` and
 * `<name>-mobile-390.png`.
 */
export async function expectFitsDesktopAndPhone(
  page: Page,
  name: string,
  shown: Locator,
): Promise<void> {
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${screenshotDir}/${name}-desktop-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(shown).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${screenshotDir}/${name}-mobile-390.png`, fullPage: true });
}

/** Uploads a photo through the API with the page's cookies; answers its media URL. */
export async function uploadThroughApi(page: Page, baseURL: string, photo: Buffer) {
  const upload = await page.request.post('/api/v1/uploads', {
    multipart: {
      userId: await currentUserId(page),
      files: { name: 'look.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
    headers: { origin: new URL(baseURL).origin },
  });
  if (!upload.ok()) throw new Error(`upload failed: ${String(upload.status())}`);
  return ((await upload.json()) as { url: string }).url;
}

/**
 * Runs one generation to the end through the API (`path`: a generate path such as
 * '/api/v1/video/generate', `body`: its settings); answers its id.
 */
export async function generateThroughApi(
  page: Page,
  baseURL: string,
  path: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await apiPost(page, baseURL, `${path}?wait=120`, {
    ...body,
    userId: await currentUserId(page),
  });
  const result = (await res.json()) as { success: boolean; generationId: string; message: string };
  if (!result.success) throw new Error(`${path} failed: ${result.message}`);
  return result.generationId;
}

// ─── Tool pages ────────────────────────────────────────────────────────────────────────────────
// What the tool journeys share: open a tool, upload its input, generate and wait for the results,
// download one, and find it again in the gallery.

/** The bundled garment photo (600 × 800) the journeys upload. */
export const garmentPath = new URL('./assets/garment.jpg', import.meta.url).pathname;
/** A product photo: the example perfume bottle the photoshoot page bundles. */
export const productPath = new URL(
  '../apps/web/public/examples/photoshoot/perfume.jpg',
  import.meta.url,
).pathname;
/** What a tool page says while one of its bundled examples is the input. */
export const EXAMPLE_NOTICE = 'This is an example image. Upload your own to customize.';

/** A named region of the page (a tool's result panel, the canvas editor's input). */
export const region = (page: Page, name: string) => page.getByRole('region', { name });

/** The note a result panel shows about what made its results. */
export const resultNote = (results: Locator) =>
  results.getByRole('note').filter({ hasText: 'About this result' });

/** A model template's card by its name (its accessible name is the name, then its category). */
export const templateBox = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Templates' })
    .getByRole('checkbox', { name: new RegExp(`^${name}\\b`) });

/** The tool's mode list has loaded: its form is ready. */
export async function modeListLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('combobox', { name: 'Mode' })).toBeEnabled({ timeout: 15_000 });
}

/**
 * Opens the tool at `path` and waits until it is ready: its own heading (the one in main; the
 * header titles the page too, ADR 050), then `ready` (by default, its mode list has loaded).
 */
export async function openTool(
  page: Page,
  path: string,
  title: string,
  ready: (page: Page) => Promise<void> = modeListLoaded,
): Promise<void> {
  await page.goto(path);
  await expect(
    page.getByRole('main').getByRole('heading', { name: title, level: 2 }),
  ).toBeVisible();
  await ready(page);
}

/** From the dashboard, the sidebar's link `name` leads to the tool at `path`. */
export async function openFromSidebar(page: Page, name: string, path: RegExp): Promise<void> {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(path);
}

/** A preview is offered nothing that costs credits: no HD and no Create Video (ADR 048). */
export async function expectNoPaidFollowUp(results: Locator): Promise<void> {
  await expect(results.getByRole('link', { name: /^(HD|Create Video)/ })).toHaveCount(0);
}

/** A file for an upload input: a path, or bytes with a name. */
export type UploadFile = string | { name: string; mimeType: string; buffer: Buffer };

/**
 * Uploads `file` through the input labelled `label`; answers the stored image's URL as the image
 * named `image` shows it (the stored copy, not the local preview).
 */
export async function uploadInput(
  page: Page,
  label: string,
  image: string,
  file: UploadFile,
): Promise<string> {
  await page.getByLabel(label).setInputFiles(file);
  await expect(page.getByText('Upload successful!')).toBeVisible();
  const shown = page.getByRole('img', { name: image });
  await expect(shown).toHaveAttribute('src', /^(?!blob:)/);
  return (await shown.getAttribute('src')) ?? '';
}

/** Chooses the bundled example `name` as the tool's input. */
export async function useExample(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Use example ${name}` }).click();
  await expect(page.getByText('Upload successful!')).toBeVisible();
  await expect(page.getByText(EXAMPLE_NOTICE)).toBeVisible();
}

/** The image has loaded: not a broken image. */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

/** Every image `images` finds has loaded. */
export async function expectImagesLoaded(images: Locator): Promise<void> {
  for (const image of await images.all()) await expectImageLoaded(image);
}

export interface Generation {
  /** The button that starts it. */
  button: Locator;
  /** The panel its results show in. */
  results: Locator;
  /** The results' accessible name: `name` alone for one, `name 1` … `name N` for several. */
  name: string;
  /** How many it makes. */
  count?: number;
  /** How many of them the panel shows (the rest behind a "+N more"). */
  shown?: number;
  /** How long the first result may take: the local engine on 2 shared cores. */
  timeout?: number;
}

/**
 * Presses the generate button and waits for the results: shown, loaded and stored. Answers the
 * shown results' URLs in order.
 */
export async function generateAndWait({
  button,
  results,
  name,
  count = 1,
  shown = count,
  timeout = 90_000,
}: Generation): Promise<string[]> {
  await button.click();
  const names =
    count === 1 ? [name] : Array.from({ length: shown }, (_, i) => `${name} ${String(i + 1)}`);
  await expect(results.getByRole('img', { name: names[0], exact: true })).toBeVisible({ timeout });
  await expect(results.getByRole('img', { name: new RegExp(`^${name}`) })).toHaveCount(shown);
  const urls: string[] = [];
  for (const each of names) {
    const image = results.getByRole('img', { name: each, exact: true });
    await expectImageLoaded(image);
    await expect(image).toHaveAttribute('src', /^\/api\/v1\/media\//);
    urls.push((await image.getAttribute('src')) ?? '');
  }
  return urls;
}

/** Clicks `trigger` and answers the download it starts. */
export async function downloadFrom(page: Page, trigger: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return download;
}

/** Clicks `trigger`: it saves a file named `name`; answers its bytes. */
export async function expectDownload(page: Page, trigger: Locator, name: string): Promise<Buffer> {
  const download = await downloadFrom(page, trigger);
  expect(download.suggestedFilename()).toBe(name);
  return fs.readFileSync(await download.path());
}

/** Clicks `trigger`: it saves a JPEG named `name`. */
export async function expectJpegDownload(page: Page, trigger: Locator, name: string) {
  const saved = await sharp(await expectDownload(page, trigger, name)).metadata();
  expect(saved.format).toBe('jpeg');
}

/** Matches the URL of the same stored media as `url`: the original or one of its renditions. */
export function sameMedia(url: string): RegExp {
  const id = /\/api\/v1\/media\/([^/?]+)/.exec(url)?.[1] ?? '';
  expect(id).not.toBe('');
  return new RegExp(`/api/v1/media/${id}(/|$)`);
}

/** The canvas editor is open on `tool` with `input` as its input image (a result's hand-off). */
export async function expectCanvasWith(
  page: Page,
  tool: 'Upscaler' | 'Video Generation',
  input: string,
): Promise<void> {
  await expect(page.getByRole('radio', { name: tool })).toBeChecked();
  await expect(region(page, 'Input Image').getByRole('img')).toHaveAttribute('src', input);
}

/**
 * On the gallery holding one generation: its card, then the Type filter set to `label` (`type`
 * in the address) keeps it and names it. Answers the cards.
 */
export async function expectOnlyInGallery(page: Page, label: string, type: string) {
  await page.goto('/gallery');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(1);
  await filterGallery(page, label, type);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(label);
  return cards;
}

/** Sets the gallery's Type filter to `label`; the address says `type`. */
export async function filterGallery(page: Page, label: string, type: string): Promise<void> {
  await page.getByLabel('Type').selectOption({ label });
  await expect(page).toHaveURL(new RegExp(`type=${type}`));
}

/** A gallery card's Open in tool goes back to the tool at `path`, loaded from that generation. */
export async function openInTool(page: Page, card: Locator, path: RegExp): Promise<void> {
  await card.getByRole('link', { name: 'Open in tool' }).click();
  await expect(page).toHaveURL(path);
  await expect(
    page.getByRole('note').filter({ hasText: 'Loaded from a past generation' }),
  ).toBeVisible();
}

// ─── Clothes AI Photoshoot (/try-on) ─────────────────────────────────────────────────────────────

/** Adds garment photos: each shows as its stored copy, not the local preview. */
export async function addGarments(page: Page, files: string[]): Promise<void> {
  await page.getByLabel('Upload garment photos').setInputFiles(files);
  const list = page.getByRole('list', { name: 'Garments' });
  await expect(list.getByRole('img')).toHaveCount(files.length);
  for (const image of await list.getByRole('img').all()) {
    await expect(image).toHaveAttribute('src', /^\/api\/v1\/media\//);
  }
}

/** Adds the user's own model photo: it shows as its stored copy. */
export async function addModelPhoto(page: Page, file: string): Promise<void> {
  await page.getByLabel('Upload model photos').setInputFiles(file);
  await expect(
    page.getByRole('list', { name: 'Your model photos' }).getByRole('img'),
  ).toHaveAttribute('src', /^\/api\/v1\/media\//);
}

/** Generates one garment on one model (no confirmation asked) and waits for it; answers Results. */
export async function tryOnOne(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Generate Try-On' }).click();
  const results = region(page, 'Results');
  await expect(results.getByRole('status')).toContainText('Finished: 1 of 1 made', {
    timeout: 120_000,
  });
  return results;
}

// ─── Zips ──────────────────────────────────────────────────────────────────────────────────────

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * Every entry of a zip, in its central directory's order, read with a real zip reader (yauzl:
 * the directory, sizes and CRCs checked), so a journey trusts the archive, not what was sent.
 */
export function readZip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) {
        reject(error);
        return;
      }
      const entries: ZipEntry[] = [];
      file.on('error', reject);
      file.on('end', () => {
        resolve(entries);
      });
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) {
            reject(streamError);
            return;
          }
          streamToBuffer(stream).then((data) => {
            entries.push({ name: entry.fileName, data });
            file.readEntry();
          }, reject);
        });
      });
      file.readEntry();
    });
  });
}

// ─── Photo-like garment photos ───────────────────────────────────────────────────────────────────

/** A garment's outline in a unit box: a T-shirt, or a long kurta with side slits. */
const GARMENT_SHAPES = {
  tee: 'M .34 0 Q .5 .1 .66 0 L .80 .03 L 1 .22 L .88 .33 L .79 .26 L .80 1 L .20 1 L .21 .26 L .12 .33 L 0 .22 L .20 .03 Z',
  kurta:
    'M .36 0 Q .5 .12 .64 0 L .78 .03 L .96 .30 L .86 .36 L .76 .22 L .78 .70 L .80 1 L .20 1 L .22 .70 L .24 .22 L .14 .36 L .04 .30 L .22 .03 Z',
} as const;

export interface GarmentPhotoOptions {
  shape: keyof typeof GARMENT_SHAPES;
  /** The fabric's colour. */
  colour: string;
  /** Seeds the fabric grain and the sensor noise: the same seed makes the same pixels. */
  seed: number;
}

/** A deterministic standard normal generator (mulberry32, Box–Muller). */
function gaussianNoise(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * A product photo as a seller shoots one, made at test time: a garment (`shape`) filling most of a
 * 1200 × 1600 frame on a light studio sweep, its fabric woven (a fine twill), folded (soft light
 * and shade) and grainy, with a camera's sensor noise over the whole frame; a JPEG at quality 92,
 * written to `file` (about 550 KB). Real photos carry this texture, and with it their file size:
 * a flat drawing of the same garment makes a far lighter JPEG.
 */
export async function writeGarmentPhoto(
  file: string,
  { shape, colour, seed }: GarmentPhotoOptions,
): Promise<string> {
  const [width, height] = [1200, 1600];
  const box = { left: 120, top: 110, width: 960, height: 1380 };
  const backdrop = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">
      <defs><linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#f4f2ee"/><stop offset="1" stop-color="#ebe8e3"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#sweep)"/></svg>`,
  );
  const outline = GARMENT_SHAPES[shape];
  const garmentSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(box.width)}" height="${String(box.height)}" viewBox="0 0 1 1" preserveAspectRatio="none">
      <defs>
        <pattern id="twill" width="0.004" height="0.003" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">
          <rect width="0.002" height="0.003" fill="#000" fill-opacity="0.3"/>
        </pattern>
        <linearGradient id="folds" x1="0" y1="0" x2="1" y2="0.15">
          <stop offset="0" stop-color="#000" stop-opacity="0.22"/>
          <stop offset="0.18" stop-color="#fff" stop-opacity="0.10"/>
          <stop offset="0.32" stop-color="#000" stop-opacity="0.12"/>
          <stop offset="0.5" stop-color="#fff" stop-opacity="0.14"/>
          <stop offset="0.66" stop-color="#000" stop-opacity="0.10"/>
          <stop offset="0.82" stop-color="#fff" stop-opacity="0.08"/>
          <stop offset="1" stop-color="#000" stop-opacity="0.24"/>
        </linearGradient>
        <clipPath id="shape"><path d="${outline}"/></clipPath>
      </defs>
      <g clip-path="url(#shape)">
        <rect width="1" height="1" fill="${colour}"/>
        <rect width="1" height="1" fill="url(#twill)"/>
        <rect width="1" height="1" fill="url(#folds)"/>
      </g>
      <path d="${outline}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="0.003"/>
    </svg>`,
  );
  const garment = await sharp(garmentSvg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // The fabric's grain: a shade per pixel (the weave's light and dark) and a little colour.
  const gaussian = gaussianNoise(seed);
  const fabric = garment.data;
  for (let i = 0; i < box.width * box.height; i++) {
    if ((fabric[i * 4 + 3] ?? 0) === 0) continue;
    const shade = gaussian() * 22;
    for (let c = 0; c < 3; c++) {
      const value = (fabric[i * 4 + c] ?? 0) + shade + gaussian() * 6;
      fabric[i * 4 + c] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  const frame = await sharp(backdrop)
    .composite([
      {
        input: fabric,
        raw: { width: box.width, height: box.height, channels: 4 },
        left: box.left,
        top: box.top,
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
  // The sensor's noise, over backdrop and garment alike: slight, as at a studio's low ISO.
  for (let i = 0; i < frame.length; i++) {
    frame[i] = Math.max(0, Math.min(255, Math.round((frame[i] ?? 0) + gaussian() * 1.5)));
  }
  await sharp(frame, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(file);
  return file;
}
