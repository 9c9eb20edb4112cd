import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { DOCUMENT_FILE, TYPES_FILE, documentText, typesText } from '../http/openapi-types';
import { openCliDatabase } from './database';

/*
 * `npm run api:types`: builds the app as the tests do (a throwaway embedded PostgreSQL, no network),
 * reads its OpenAPI document, and writes examples/api/openapi.json and the types openapi-typescript
 * makes of it, examples/api/schema.d.ts.
 */

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-api-types-'));
// The embedded server may run as the `postgres` user, which must reach its folder (ADR 039).
await fs.chmod(dataDir, 0o755);
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    DATA_DIR: dataDir,
  });
  const database = await openCliDatabase(config);
  try {
    const app = await buildApp({
      config,
      database,
      authSecret: 'api-types-api-types-api-types-0123456789',
      mailer: { send: async () => undefined },
      worker: false,
      logger: false,
    });
    try {
      await app.ready();
      const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (answer.statusCode !== 200) throw new Error(`GET /api/docs/json: ${answer.statusCode}`);
      const document: unknown = answer.json();
      await fs.writeFile(DOCUMENT_FILE, documentText(document));
      await fs.writeFile(TYPES_FILE, await typesText(document));
      console.log(
        `Wrote ${path.relative(process.cwd(), DOCUMENT_FILE)} and ${path.relative(process.cwd(), TYPES_FILE)}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
