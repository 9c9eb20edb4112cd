import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobsSettled,
  newUser,
  post,
  productPhoto,
  uploadImage,
  waitForGeneration,
  waitUntil,
} from '../../../test/generation-helpers';
import { createTestApp, type TestApp } from '../../../test/harness';
import { media } from '../../db/schema';
import { createLocalProvider } from '../../platform/providers/local-provider';
import type { GenerationProvider } from '../../platform/providers/types';
import { processImage } from '../../platform/images/process-image';
import { createLocalStorage } from '../../platform/storage/local-storage';
import type { Storage } from '../../platform/storage/storage';
import { balanceOf } from '../credits/credits.service';
import { bytesUsed, findMedia } from '../media/media.repository';
import { mediaUrls, storeImage, sweepStrayObjects } from '../media/media.service';
import { createGeneration } from './generations.service';

/*
 * Issue 29 finding 5: cancelling a running local generation still stored its outputs (they were
 * stored before the runner's "still ours?" check), leaving media rows no generation names: not in
 * the gallery, not deletable, counted against MEDIA_QUOTA_MB. The runner now looks before storing,
 * and the storage sweep removes an output its generation does not name after the grace period
 * (ADR 046, addendum of 2026-11-27), for what lands between storing and settling.
 */

/** The local engine, held at the start of each run until the test lets it go. */
const local = createLocalProvider();
let started: () => void = () => undefined;
let release: () => void = () => undefined;
const provider: GenerationProvider = {
  ...local,
  async run(job, ctx) {
    started();
    await new Promise<void>((resolve) => (release = resolve));
    return local.run(job, ctx);
  },
};

let root: string;
let storage: Storage;
let t: TestApp;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-orphan-outputs-'));
  storage = createLocalStorage(root);
  t = await createTestApp({
    worker: true,
    provider,
    storage,
    env: {
      RATE_LIMIT_MULTIPLIER: '100',
      WORKER_CONCURRENCY: '1',
      // The runner's heartbeat would notice the cancel on its own after a third of the lease; a
      // long lease keeps it quiet, so what is tested is the check around storing, every run.
      GENERATION_LEASE_SECONDS: '600',
      // The worker's own storage sweep stays out of the way of the sweeps this file makes.
      SWEEP_INTERVAL_SECONDS: '3600',
    },
  });
});
afterAll(async () => {
  await t.app.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const outputRows = (userId: string) =>
  t.database.db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.userId, userId), eq(media.kind, 'output')));

describe('cancelling a running local generation', () => {
  it('stores none of its outputs: no media row, no object, the same media usage', async () => {
    const { cookie, id: userId } = await newUser(t);
    const imageUrl = await uploadImage(t.app, cookie, await productPhoto(300, 200));
    const usage = await bytesUsed(t.database.db, userId);
    const files = await filesUnder(root);
    const balance = await balanceOf(t.database.db, userId);

    const running = new Promise<void>((resolve) => (started = resolve));
    const res = await post(t.app, cookie, '/api/v1/upscaler', {
      imageUrl,
      userId,
      upscaleFactor: '2x',
    });
    expect(res.statusCode).toBe(202);
    const { generationId } = res.json<{ generationId: string }>();
    await running;

    const cancel = await post(t.app, cookie, `/api/v1/generations/${generationId}/cancel`, {});
    expect(cancel.json<{ generation: { status: string } }>().generation.status).toBe('canceled');
    // Only now does the engine render: its result arrives for work that is no longer the runner's.
    release();
    await waitUntil('the runner to finish the job', () => jobsSettled(t, generationId), 20_000);

    // Before the fix: 1 output row, its 3 objects and their bytes were left behind.
    expect({
      outputRows: await outputRows(userId),
      newObjects: (await filesUnder(root)).filter((file) => !files.includes(file)),
      usageGrowth: (await bytesUsed(t.database.db, userId)) - usage,
    }).toEqual({ outputRows: [], newObjects: [], usageGrowth: 0 });
    expect(await balanceOf(t.database.db, userId)).toBe(balance);
  });
});

describe('the storage sweep, for generation outputs', () => {
  const HOUR = 3_600_000;
  const sweep = (writeGraceMs: number) =>
    sweepStrayObjects({ db: t.database.db, storage }, { writeGraceMs, deletionGraceMs: HOUR });
  const objectsOf = async (id: string) => (await filesUnder(path.join(root, id))).length;
  const markedAt = async (id: string) => {
    const { rows } = await t.database.pool.query<{ marked_at: Date }>(
      'select marked_at from media_sweeps where media_id = $1',
      [id],
    );
    return rows[0]?.marked_at ?? null;
  };

  it("keeps the outputs a generation settled with: the runner's mark names it, the sweep clears it", async () => {
    const { cookie, id: userId } = await newUser(t);
    const imageUrl = await uploadImage(t.app, cookie, await productPhoto(300, 200));
    const running = new Promise<void>((resolve) => (started = resolve));
    const res = await post(t.app, cookie, '/api/v1/upscaler', {
      imageUrl,
      userId,
      upscaleFactor: '2x',
    });
    const { generationId } = res.json<{ generationId: string }>();
    await running;
    release();
    const settled = await waitForGeneration(t.app, cookie, generationId);
    expect(settled.status).toBe('succeeded');
    const [output] = await outputRows(userId);
    expect(settled.imageUrls).toEqual([mediaUrls(output?.id ?? '').url]);
    const { rows } = await t.database.pool.query<{ generation_id: string }>(
      'select generation_id from media_sweeps where media_id = $1',
      [output?.id],
    );
    expect(rows).toEqual([{ generation_id: generationId }]);

    expect(await sweep(0)).toEqual({ strayObjects: 0, unreferencedOutputs: 0 });
    expect(await markedAt(output?.id ?? '')).toBeNull();
    expect(await objectsOf(output?.id ?? '')).toBe(3);
  });

  it('removes an output no generation names once the grace has passed: its row, its objects, its bytes in the quota', async () => {
    const { id: userId } = await newUser(t);
    const image = await processImage(await productPhoto(120, 150));
    const generation = async (
      status: string,
      values: Partial<Parameters<typeof createGeneration>[1]> = {},
    ) => {
      const id = values.id ?? randomUUID();
      await createGeneration(t.database.db, {
        ...values,
        id,
        userId,
        type: 'upscaler',
        credits: 1,
        status,
      });
      return id;
    };
    const output = (generationId: string) =>
      storeImage({ db: t.database.db, storage }, userId, 'output', image, { generationId });

    // Settled with its output: the gallery shows it.
    const succeeded = randomUUID();
    const named = await output(succeeded);
    const { url, thumbnailUrl } = mediaUrls(named.id);
    await generation('succeeded', { id: succeeded, imageUrls: [url], thumbnailUrl });
    // Canceled while its outputs were stored: named by nothing, ever.
    const canceled = await generation('canceled');
    const orphan = await output(canceled);
    const young = await output(canceled);
    // Still running: it may yet settle with its output.
    const running = await generation('running');
    const pending = await output(running);
    // Generations since deleted from the gallery: one's output is another's input (a recreated
    // result, which the delete kept), the other's was never named.
    const recreated = await output(randomUUID());
    await generation('succeeded', { inputImageUrls: [mediaUrls(recreated.id).url] });
    const lost = await output(randomUUID());

    const aged = [named, orphan, pending, recreated, lost].map((row) => row.id);
    await t.database.pool.query(
      `update media_sweeps set marked_at = now() - interval '2 hours' where media_id = any($1)`,
      [aged],
    );
    const usage = await bytesUsed(t.database.db, userId);
    const pendingMarked = await markedAt(pending.id);

    expect(await sweep(HOUR)).toEqual({ strayObjects: 0, unreferencedOutputs: 2 });
    for (const gone of [orphan, lost]) {
      expect(await findMedia(t.database.db, gone.id)).toBeUndefined();
      expect(await objectsOf(gone.id)).toBe(0);
      expect(await markedAt(gone.id)).toBeNull();
    }
    for (const kept of [named, recreated, young, pending]) {
      expect(await findMedia(t.database.db, kept.id)).toBeDefined();
      expect(await objectsOf(kept.id)).toBe(3);
    }
    expect(await bytesUsed(t.database.db, userId)).toBe(usage - orphan.bytes - lost.bytes);
    // Named ones are done with the sweep; the young one still waits its grace; the running
    // generation's is looked at again a grace period from now.
    expect(await markedAt(named.id)).toBeNull();
    expect(await markedAt(recreated.id)).toBeNull();
    expect(await markedAt(young.id)).not.toBeNull();
    expect((await markedAt(pending.id))?.getTime()).toBeGreaterThan(pendingMarked?.getTime() ?? 0);
    expect(await sweep(HOUR)).toEqual({ strayObjects: 0, unreferencedOutputs: 0 });

    // The running work is canceled too; past the grace, its output and the young one go.
    await t.database.pool.query(`update generations set status = 'canceled' where id = $1`, [
      running,
    ]);
    expect(await sweep(0)).toEqual({ strayObjects: 0, unreferencedOutputs: 2 });
    expect(await findMedia(t.database.db, pending.id)).toBeUndefined();
    expect(await findMedia(t.database.db, young.id)).toBeUndefined();
    expect((await objectsOf(pending.id)) + (await objectsOf(young.id))).toBe(0);
    expect(await findMedia(t.database.db, named.id)).toBeDefined();
    expect(await findMedia(t.database.db, recreated.id)).toBeDefined();
    expect(await bytesUsed(t.database.db, userId)).toBe(named.bytes + recreated.bytes);
  });

  it('leaves an output row another transaction holds (an account erasure) instead of waiting on it', async () => {
    const userId = `sweep-${randomUUID()}`;
    const generationId = randomUUID();
    await createGeneration(t.database.db, {
      id: generationId,
      userId,
      type: 'upscaler',
      credits: 1,
      status: 'canceled',
    });
    const image = await processImage(await productPhoto(120, 150));
    const orphan = await storeImage({ db: t.database.db, storage }, userId, 'output', image, {
      generationId,
    });
    const age = () =>
      t.database.pool.query(
        `update media_sweeps set marked_at = now() - interval '2 hours' where media_id = $1`,
        [orphan.id],
      );
    await age();
    // An erasure locks the rows it deletes, then waits for their marks, which the sweep holds:
    // were the sweep to wait for the row, neither could go on.
    const eraser = await t.database.pool.connect();
    try {
      await eraser.query('begin');
      await eraser.query('select 1 from media where id = $1 for update', [orphan.id]);
      expect(await sweep(HOUR)).toEqual({ strayObjects: 0, unreferencedOutputs: 0 });
      await eraser.query('rollback');
    } finally {
      eraser.release();
    }
    expect(await findMedia(t.database.db, orphan.id)).toBeDefined();
    expect(await sweep(HOUR)).toEqual({ strayObjects: 0, unreferencedOutputs: 0 }); // waits again
    await age();
    expect(await sweep(HOUR)).toEqual({ strayObjects: 0, unreferencedOutputs: 1 });
    expect(await objectsOf(orphan.id)).toBe(0);
  });
});
