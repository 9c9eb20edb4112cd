import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEngineTempDir, removeOrphanedEngineTempDirs } from './temp-dirs';

let root = '';

afterEach(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid ?? 0;
}

describe('engine scratch folders (ADR 039)', () => {
  it("removes only our prefix's folders whose owner is gone, or pid-less ones over an hour old", async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'temp-dirs-test-'));
    const ours = await makeEngineTempDir(root);
    expect(path.basename(ours)).toMatch(new RegExp(`^studio-video-${String(process.pid)}-`));
    const dead = path.join(root, `studio-video-${String(await exitedPid())}-Xy12ab`);
    const oldUnowned = path.join(root, 'studio-video-Ab12cd');
    const newUnowned = path.join(root, 'studio-video-Zz98yx');
    const foreign = path.join(root, 'studio-bench-keep');
    for (const dir of [dead, oldUnowned, newUnowned, foreign]) await fs.mkdir(dir);
    await fs.writeFile(path.join(dead, 'video.mp4'), 'partial');
    const now = Date.now();
    const twoHoursAgo = new Date(now - 2 * 60 * 60_000);
    await fs.utimes(oldUnowned, twoHoursAgo, twoHoursAgo);

    expect(await removeOrphanedEngineTempDirs(root, now)).toBe(2);
    expect((await fs.readdir(root)).sort()).toEqual(
      [path.basename(ours), path.basename(newUnowned), 'studio-bench-keep'].sort(),
    );
  });

  it('answers 0 for a temp folder that does not exist', async () => {
    expect(await removeOrphanedEngineTempDirs('/nonexistent/temp')).toBe(0);
  });
});
