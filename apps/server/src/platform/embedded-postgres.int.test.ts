import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded-postgres';

/*
 * Issue 19 item 9 (ADR 039): as root, PostgreSQL runs as the `postgres` user. With DATA_DIR (or
 * the checkout) inside a private folder (mode 700: `mktemp -d`, /root) that user could not reach
 * its data (or binaries) and the start stopped with "cannot enter …". Now both are placed under a
 * reachable base; only what cannot be placed keeps the message.
 */

const isRoot = process.getuid?.() === 0;
const SKIP_REASON =
  'runs only as root: the postgres-user placement exists only when the server runs as root';

let scratch: string;
let privateDir: string;
let base: string;

beforeAll(async () => {
  if (!isRoot) return;
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-root-pg-'));
  await fs.chmod(scratch, 0o755);
  privateDir = await fs.mkdtemp(path.join(scratch, 'private-')); // mode 700, as `mktemp -d`
  base = path.join(scratch, 'reachable');
});

afterAll(async () => {
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(text)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!isRoot)(`as root (${SKIP_REASON})`, () => {
  it('starts with DATA_DIR inside a private folder, twice, keeping its data', async () => {
    expect((await fs.stat(privateDir)).mode & 0o777).toBe(0o700);
    const dir = path.join(privateDir, 'data', 'postgres');
    const first = await startEmbeddedPostgres({ dir, reachableBase: base });
    try {
      await query(first.url, 'create table kept (n int); insert into kept values (42)');
      // $DATA_DIR/postgres is a link to the cluster under the base, owned by postgres.
      const target = await fs.realpath(dir);
      expect(target.startsWith(path.join(base, 'postgres') + path.sep)).toBe(true);
      expect((await fs.stat(target)).uid).not.toBe(0);
      // Tools that find a running server from the data folder still do.
      expect(await runningEmbeddedUrl(dir)).toBe(first.url);
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dir, reachableBase: base });
    try {
      expect(await query(second.url, 'select n from kept')).toEqual([{ n: 42 }]);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('runs binaries copied out of a private checkout', async () => {
    const dir = path.join(privateDir, 'other-data', 'postgres');
    const server = await startEmbeddedPostgres({
      dir,
      reachableBase: base,
      relocateBinaries: true,
    });
    try {
      expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      const runtimes = (await fs.readdir(base)).filter((name) => name.startsWith('runtime-'));
      expect(runtimes).toHaveLength(1);
      // The running postmaster is the copy, not the checkout's binary.
      const pid = (await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n')[0];
      const exe = await fs.readlink(`/proc/${pid ?? ''}/exe`);
      expect(exe.startsWith(path.join(base, runtimes[0] ?? ''))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('keeps the plain message when the reachable base itself is private', async () => {
    const dir = path.join(privateDir, 'third', 'postgres');
    await expect(
      startEmbeddedPostgres({ dir, reachableBase: path.join(privateDir, 'base') }),
    ).rejects.toThrow(/cannot enter .*private-/);
  });
});
