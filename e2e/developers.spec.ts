import fs from 'node:fs';
import http from 'node:http';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  garmentPath,
  screenshotDir,
  signUp,
  webhookReceiverPort,
} from './fixtures';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A seller's receiver on loopback: keeps what it is sent and answers 204. */
async function startReceiver(): Promise<{ received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(webhookReceiverPort, '127.0.0.1', resolve));
  return {
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

test('a seller makes a key and a webhook on a phone, calls the API with the key, and sees the signed delivery', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL is not set');
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page, baseURL);
    await page.goto('/developers');
    await expect(page.getByRole('heading', { level: 2, name: 'Developers' })).toBeVisible();

    // The key, shown once.
    const keyForm = page.getByRole('form', { name: 'Create key' });
    await keyForm.getByLabel('Key name').fill('Catalogue script');
    await keyForm.getByRole('button', { name: 'Create key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Your new API key' });
    const key = await keyDialog.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(key).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    await expectNoSeriousA11yViolations(page);
    await keyDialog.getByRole('button', { name: 'Done' }).click();

    // The endpoint, its secret shown once.
    const hookUrl = `http://127.0.0.1:${String(webhookReceiverPort)}/studio-events`;
    const hookForm = page.getByRole('form', { name: 'Add endpoint' });
    await hookForm.getByLabel('Endpoint URL').fill(hookUrl);
    await hookForm.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Your endpoint is ready' });
    const secret = await secretDialog.getByRole('textbox', { name: 'signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    const endpoints = page.getByRole('list', { name: 'Your webhook endpoints' });
    await expect(endpoints.getByText(hookUrl)).toBeVisible();

    // The seller's own system: the key, no cookies.
    const api = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    const upload = await api.post('/api/v1/uploads', {
      multipart: {
        files: { name: 'look.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(garmentPath) },
      },
    });
    expect(upload.ok()).toBe(true);
    const { url: imageUrl } = (await upload.json()) as { url: string };
    const upscale = await api.post('/api/v1/upscaler?wait=60', {
      data: { imageUrl },
      headers: { 'idempotency-key': 'journey-upscale-1' },
    });
    const started = (await upscale.json()) as { generationId: string; status: string };
    expect(started.status).toBe('succeeded');
    await api.dispose();

    // Delivered once, and the Standard Webhooks library accepts its signature.
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('no delivery');
    const event = new Webhook(secret).verify(delivery.body, delivery.headers) as {
      type: string;
      data: { generationId: string };
    };
    expect(event.type).toBe('generation.succeeded');
    expect(event.data.generationId).toBe(started.generationId);

    // The log says so.
    await endpoints.getByRole('button', { name: `Deliveries to ${hookUrl}` }).click();
    const log = endpoints.getByRole('list', { name: 'Deliveries' });
    await expect(log.getByRole('listitem').first()).toContainText('generation.succeeded');
    await expect(log.getByRole('listitem').first()).toContainText('Delivered');
    await expect(log.getByRole('listitem').first()).toContainText('HTTP 204');

    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${screenshotDir}/developers-mobile-390.png`, fullPage: true });

    // Revoked: the key goes, and the page is whole again behind the closed dialog (no part of it
    // left hidden from assistive technology), with focus on the keys' heading.
    const keys = page.getByRole('list', { name: 'Your API keys' });
    await keys.getByRole('button', { name: 'Revoke Catalogue script' }).click();
    const revokeDialog = page.getByRole('dialog', { name: 'Revoke “Catalogue script”?' });
    await revokeDialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(revokeDialog).toBeHidden();
    await expect(page.getByText('No keys yet: create one below.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeFocused();
    await expect(page.locator('[aria-hidden="true"]:has(main)')).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
