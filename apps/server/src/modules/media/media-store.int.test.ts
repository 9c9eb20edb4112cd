import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client';
import { testDatabaseUrl } from '../../../test/harness';
import { processImage, type ProcessedImage } from '../../platform/images/process-image';
import { createLocalStorage } from '../../platform/storage/local-storage';
import type { Storage } from '../../platform/storage/storage';
import { deleteMediaRows, storeImage, sweepStrayObjects } from './media.service';
import * as repo from './media.repository';

// Found by the scale-out bench (issue 19): an upload or a generation output whose row could not be
// written (PostgreSQL restarting mid-request) left its three stored objects behind, named by no
// media row and counted against nothing; so did a process SIGKILLed between the bytes and the row,
// which only a storage sweep can mend (ADR 046).
let dir: string;
let database: Database;
let image: ProcessedImage;
const HOUR = 3_600_000;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-media-store-'));
  database = createDatabase(await testDatabaseUrl(), { max: 3 });
  const photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#c0392b' },
  })
    .jpeg()
    .toBuffer();
  image = await processImage(photo);
});
afterAll(async () => {
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

/** A storage root of its own per test, so one test's files are not another's. */
async function freshStorage(): Promise<{ root: string; storage: Storage }> {
  const root = await fs.mkdtemp(path.join(dir, 'media-'));
  return { root, storage: createLocalStorage(root) };
}

/** `storage` whose every put writes its bytes, then waits for `after` (what happens next). */
function thenAfterEachPut(storage: Storage, after: () => Promise<unknown>): Storage {
  return {
    ...storage,
    async put(key, body, contentType) {
      await storage.put(key, body, contentType);
      await after();
    },
  };
}

async function waitForFiles(root: string, count: number): Promise<void> {
  for (let i = 0; i < 200 && (await filesUnder(root)).length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(await filesUnder(root)).toHaveLength(count);
}

/** The sweep with a write grace and a deletion grace (ms); answers the stray object sets removed. */
const sweep = async (storage: Storage, writeGraceMs: number, deletionGraceMs = writeGraceMs) => {
  const swept = await sweepStrayObjects(
    { db: database.db, storage },
    { writeGraceMs, deletionGraceMs },
  );
  return swept.strayObjects;
};

describe('storing media', () => {
  it('leaves the bytes of a write whose database went away to the sweep', async () => {
    const own = createDatabase(await testDatabaseUrl(), { max: 1 });
    const { root, storage } = await freshStorage();
    let closing: Promise<void> | undefined;
    // Every object is written, then the database goes before the row: whether the row made it
    // cannot be told, so the bytes stay marked for the sweep, which looks with the row in sight.
    const failing = thenAfterEachPut(storage, () => (closing ??= own.close()));
    await expect(
      storeImage({ db: own.db, storage: failing }, 'user-1', 'upload', image),
    ).rejects.toThrow();
    expect(await filesUnder(root)).toHaveLength(3);
    expect(await sweep(storage, 0)).toBe(1);
    expect(await filesUnder(root)).toEqual([]);
    expect(await sweep(storage, 0)).toBe(0);
  });

  it('keeps a stored image through every sweep', async () => {
    const { root, storage } = await freshStorage();
    await storeImage({ db: database.db, storage }, 'user-2', 'upload', image);
    expect(await sweep(storage, 0)).toBe(0);
    expect((await filesUnder(root)).sort()).toEqual([
      'original.jpg',
      'preview.webp',
      'thumbnail.webp',
    ]);
  });
});

describe('the storage sweep', () => {
  it('removes the bytes of a write cut short between its bytes and its row, after the grace period', async () => {
    const { root, storage } = await freshStorage();
    // The process stops for good once its bytes are written (as if SIGKILLed before the row).
    const frozen = thenAfterEachPut(storage, () => new Promise(() => undefined));
    void storeImage({ db: database.db, storage: frozen }, 'user-3', 'upload', image);
    await waitForFiles(root, 3);

    expect(await sweep(storage, HOUR)).toBe(0);
    expect(await filesUnder(root)).toHaveLength(3);
    expect(await sweep(storage, 0)).toBe(1);
    expect(await filesUnder(root)).toEqual([]);
    expect(await sweep(storage, 0)).toBe(0);
  });

  it('fails a write that outlived its grace instead of naming the bytes the sweep removed', async () => {
    const { root, storage } = await freshStorage();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stalled = thenAfterEachPut(storage, () => gate);
    const writing = storeImage({ db: database.db, storage: stalled }, 'user-6', 'upload', image);
    await waitForFiles(root, 3);
    expect(await sweep(storage, 0)).toBe(1);
    release();
    await expect(writing).rejects.toThrow('outlived its sweep grace');
    expect(await repo.findOwnMediaByIds(database.db, 'user-6', [])).toEqual([]);
    expect(await repo.bytesUsed(database.db, 'user-6')).toBe(0);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('finishes a deletion whose objects storage refused, after the deletion grace', async () => {
    const { root, storage } = await freshStorage();
    const row = await storeImage({ db: database.db, storage }, 'user-4', 'upload', image);
    const storageDown: Storage = {
      ...storage,
      deletePrefix: () => Promise.reject(new Error('storage unreachable')),
    };
    // The rows go at once; the objects storage would not remove stay marked.
    await deleteMediaRows({ db: database.db, storage: storageDown }, (tx) =>
      repo.deleteByUser(tx, 'user-4'),
    );
    expect(await repo.findMedia(database.db, row.id)).toBeUndefined();
    expect(await filesUnder(root)).toHaveLength(3);

    expect(await sweep(storage, HOUR)).toBe(0); // the deleting process's time
    expect(await sweep(storageDown, HOUR, 0)).toBe(0); // still refused: kept for the next sweep
    expect(await filesUnder(root)).toHaveLength(3);
    expect(await sweep(storage, HOUR, 0)).toBe(1);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('never removes the objects of a row that exists, whatever its mark says', async () => {
    const { root, storage } = await freshStorage();
    const row = await storeImage({ db: database.db, storage }, 'user-5', 'upload', image);
    await repo.markForSweep(database.db, [row.id], true);
    expect(await sweep(storage, 0)).toBe(0);
    expect(await filesUnder(root)).toHaveLength(3);
    expect(await sweep(storage, 0)).toBe(0);
  });
});
