import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client';
import { testDatabaseUrl } from '../../../test/harness';
import { processImage } from '../../platform/images/process-image';
import { createLocalStorage } from '../../platform/storage/local-storage';
import { storeImage } from './media.service';

// Found by the scale-out bench (issue 19): an upload or a generation output whose row could not be
// written (PostgreSQL restarting mid-request) left its three stored objects behind, named by no
// media row and counted against nothing.
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-media-store-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe('storing media', () => {
  it('leaves no bytes behind when the row cannot be written', async () => {
    const database = createDatabase(await testDatabaseUrl(), { max: 1 });
    await database.close(); // the database is gone by the time the row is written
    const storage = createLocalStorage(path.join(dir, 'media'));
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#c0392b' },
    })
      .jpeg()
      .toBuffer();
    await expect(
      storeImage({ db: database.db, storage }, 'user-1', 'upload', await processImage(photo)),
    ).rejects.toThrow();
    expect(await filesUnder(path.join(dir, 'media'))).toEqual([]);
  });
});
