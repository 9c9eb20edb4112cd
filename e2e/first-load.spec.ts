import { expect, test } from '@playwright/test';
import { signUp } from './fixtures';

// What a phone's first load of a page fetches (issue 38): the built app, in a real browser.
// - The one stylesheet is inside index.html. A lazy page must not fetch it again: Vite's loader
//   once added it as a <link rel="stylesheet"> on the first dynamic import, a second download each
//   page waited for, and every rule twice, restyling the whole page when it arrived.
// - What each tool makes here (site-info) is asked for by index.html itself, with the HTML: a tool
//   page's preview note then renders with the page instead of pushing it down later (CLS 0.09).
// - A page's own code is listed in its HTML (modulepreload), so it downloads while the HTML is read
//   and the entry script no longer adds those links in its one long task.

test('a tool page loads with the inline stylesheet only and its tools answer preloaded', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css'))
      stylesheets.push(request.url());
  });

  await page.goto('/ai-poses');
  await expect(page.getByRole('heading', { name: 'AI Pose Change', level: 2 })).toBeVisible();
  await expect(page.getByRole('note', { name: 'What this tool makes here' })).toBeVisible();
  // Another lazy page, reached in the app: its chunk's loader adds no stylesheet either.
  await page.getByRole('link', { name: 'My Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page).toHaveTitle(/^My Gallery\b/);

  expect(stylesheets).toEqual([]);
  const page_ = await page.evaluate(() => ({
    linked: document.querySelectorAll('link[rel="stylesheet"]').length,
    // Tailwind's own rules (its `.sr-only` utility, say) are in exactly one sheet.
    withAppRules: Array.from(document.styleSheets).filter((sheet) =>
      Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('.sr-only')),
    ).length,
    siteInfo: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/v1/site-info')
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  }));
  expect(page_).toEqual({ linked: 0, withAppRules: 1, siteInfo: ['link'] });
});

test("each page's HTML lists the page's own code, and an unknown address gets the plain page", async ({
  request,
}) => {
  const preloads = async (url: string) =>
    [
      ...(await (await request.get(url)).text()).matchAll(
        /<link rel="modulepreload"[^>]*href="([^"]+)"/g,
      ),
    ].map((match) => match[1] ?? '');
  const plain = await preloads('/no-such-page');
  const poses = await preloads('/ai-poses');
  const privacy = await preloads('/privacy');
  // The plain page preloads the entry's imports only; a page adds its own chunks to them.
  expect(plain.some((href) => /\/assets\/ai-poses-[\w-]+\.js$/.test(href))).toBe(false);
  expect(poses).toEqual(expect.arrayContaining(plain));
  expect(poses.some((href) => /\/assets\/ai-poses-[\w-]+\.js$/.test(href))).toBe(true);
  // A signed-in page brings the shell's chunk; a public page does not.
  expect(poses.some((href) => /\/assets\/layout-[\w-]+\.js$/.test(href))).toBe(true);
  expect(privacy.some((href) => /\/assets\/privacy-[\w-]+\.js$/.test(href))).toBe(true);
  expect(privacy.some((href) => /\/assets\/layout-[\w-]+\.js$/.test(href))).toBe(false);
});
