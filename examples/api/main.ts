import path from 'node:path';
import { runExample } from './example';

/*
 * BASE_URL=http://localhost:3000 API_KEY=sk_test_… node --import tsx examples/api/main.ts
 * (IMAGE: another photo to upscale; OUT_DIR: where the result goes, default ./api-example-output;
 * WEBHOOK_PORT: be told by a webhook on this port instead of polling, registered as WEBHOOK_URL,
 * default http://127.0.0.1:<port>/studio-events, which a development server allows with
 * WEBHOOK_ALLOWED_HOSTS=127.0.0.1:<port>)
 */

const apiKey = process.env.API_KEY;
if (!apiKey) {
  console.error('Set API_KEY to a key with the generate and read scopes (made on /developers).');
  process.exit(2);
}
const result = await runExample({
  baseUrl: process.env.BASE_URL ?? 'http://localhost:3000',
  apiKey,
  image:
    process.env.IMAGE ??
    path.resolve(
      import.meta.dirname,
      '../../apps/server/src/platform/engine/listing-fixtures/small.jpg',
    ),
  outDir: process.env.OUT_DIR ?? path.resolve('api-example-output'),
  ...(process.env.WEBHOOK_PORT
    ? {
        webhook: {
          port: Number(process.env.WEBHOOK_PORT),
          publicUrl: (port: number) =>
            process.env.WEBHOOK_URL ?? `http://127.0.0.1:${String(port)}/studio-events`,
        },
      }
    : {}),
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
console.log(`Done: ${result.output}`);
