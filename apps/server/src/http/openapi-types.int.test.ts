import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { DOCUMENT_FILE, TYPES_FILE, documentText, typesText } from './openapi-types';

/* The committed API reference and its generated types match what the app serves (issue 35). */

const STALE = 'stale: run `npm run api:types` and commit examples/api/openapi.json and schema.d.ts';

describe('examples/api/openapi.json and schema.d.ts', () => {
  it('are what the app serves and what openapi-typescript makes of it', async () => {
    const { app } = await createTestApp();
    const document: unknown = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // Compared as text, not objects: one diff line beats a JSON tree nobody reads.
    expect(await fs.readFile(DOCUMENT_FILE, 'utf8'), STALE).toBe(documentText(document));
    expect(await fs.readFile(TYPES_FILE, 'utf8'), STALE).toBe(await typesText(document));
  });
});
