import sharp from 'sharp';
import { z } from 'zod';
import { startFakeFal } from './fake-fal-server';

/*
 * The fake fal queue (fake-fal-server.ts) as a process of its own, for the browser journeys
 * (e2e/playwright.config.ts starts it beside a studio server configured for fal). A try-on's
 * output is the garment it was sent with its hue turned by 90°: a recoloured garment, what the
 * garment-fidelity check exists to catch. Every other model answers the fake's stock outputs.
 * Usage: E2E_FAKE_FAL_PORT=3222 E2E_FAKE_FAL_KEY=… E2E_FAKE_FAL_STUDIO=http://localhost:3221 \
 *   node --import tsx apps/server/test/fake-fal-process.ts
 */

const env = z
  .object({
    E2E_FAKE_FAL_PORT: z.coerce.number().int().min(1).max(65_535),
    E2E_FAKE_FAL_KEY: z.string().min(1),
    /** The origin of the studio whose garment photos the fake fetches. */
    E2E_FAKE_FAL_STUDIO: z.url().transform((url) => new URL(url).origin),
  })
  .parse(process.env);
const tryOnInput = z.object({ garment_image: z.url() });
/** Largest garment photo the fake fetches (the studio's uploads are far smaller). */
const MAX_BYTES = 20 * 1024 * 1024;

const fake = await startFakeFal({
  apiKey: env.E2E_FAKE_FAL_KEY,
  port: env.E2E_FAKE_FAL_PORT,
  render: async (modelId, input) => {
    const parsed = tryOnInput.safeParse(input);
    if (!modelId.includes('tryon') || !parsed.success) return null;
    const url = new URL(parsed.data.garment_image);
    // Only the studio under test is fetched from, without following redirects.
    if (url.origin !== env.E2E_FAKE_FAL_STUDIO) return null;
    const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
    const length = Number(response.headers.get('content-length') ?? MAX_BYTES + 1);
    if (!response.ok || length > MAX_BYTES) return null;
    const body = Buffer.from(await response.arrayBuffer());
    return sharp(body).modulate({ hue: 90 }).png().toBuffer();
  },
});
// A run is seen queued and then in progress, as the progress bar shows it.
fake.setDefaultScript({ queueSteps: 1, progressSteps: 2, outcome: 'ok' });
process.stdout.write(`fake fal listening at ${fake.url}\n`);
const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
