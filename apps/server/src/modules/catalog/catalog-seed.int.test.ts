import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client';
import { testDatabaseUrl } from '../../../test/harness';
import { createLocalStorage } from '../../platform/storage/local-storage';
import { seedCatalog } from './catalog.seed';

// Found by the scale-out bench (issue 19): two API and two worker processes started at once on a
// fresh database all seed the catalog; the ones that lost the race to insert a catalog image
// failed to start ("duplicate key value violates unique constraint media_pkey").
let dataDir: string;
const databases: Database[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-catalog-seed-'));
});
afterAll(async () => {
  await Promise.all(databases.map((d) => d.close()));
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('seeding the catalog', () => {
  it('succeeds in every process when several start on a fresh database at once', async () => {
    const url = await testDatabaseUrl();
    // Each "process" has its own pool, as separate processes would.
    const processes = Array.from({ length: 3 }, () => {
      const database = createDatabase(url, { max: 3 });
      databases.push(database);
      return { db: database.db, storage: createLocalStorage(path.join(dataDir, 'media')) };
    });
    const results = await Promise.allSettled(processes.map((deps) => seedCatalog(deps)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    const counted = await databases[0]?.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM media WHERE kind = 'catalog'",
    );
    expect(Number(counted?.rows[0]?.n)).toBeGreaterThan(0);
  });
});
