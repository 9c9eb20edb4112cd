import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostTag, makeEngineTempDir, removeOrphanedEngineTempDirs } from './temp-dirs';

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
  it("judges this host's folders by pid and every other one only by age", async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'temp-dirs-test-'));
    const host = hostTag();
    const ours = await makeEngineTempDir(root);
    expect(path.basename(ours)).toMatch(
      new RegExp(`^studio-video-${host.replace(/\./g, '\\.')}-${String(process.pid)}-`),
    );
    const deadPid = String(await exitedPid());
    const dead = path.join(root, `studio-video-${host}-${deadPid}-Xy12ab`);
    // Another machine sharing the folder: its pid means nothing here, however it looks locally.
    const otherHostYoung = path.join(root, `studio-video-worker-2.internal-${deadPid}-Ab12cd`);
    const otherHostOld = path.join(root, `studio-video-worker-2.internal-${deadPid}-Ef34gh`);
    // Named before the host was in the name: no telling whose, so by age as well.
    const pidOnlyYoung = path.join(root, `studio-video-${deadPid}-Ij56kl`);
    const pidOnlyOld = path.join(root, 'studio-video-Mn78op');
    const foreign = path.join(root, 'studio-bench-keep');
    const dirs = [dead, otherHostYoung, otherHostOld, pidOnlyYoung, pidOnlyOld, foreign];
    for (const dir of dirs) await fs.mkdir(dir);
    await fs.writeFile(path.join(dead, 'video.mp4'), 'partial');
    const now = Date.now();
    const twoHoursAgo = new Date(now - 2 * 60 * 60_000);
    const twoDaysAgo = new Date(now - 2 * 24 * 60 * 60_000);
    await fs.utimes(otherHostYoung, twoHoursAgo, twoHoursAgo);
    await fs.utimes(pidOnlyYoung, twoHoursAgo, twoHoursAgo);
    await fs.utimes(otherHostOld, twoDaysAgo, twoDaysAgo);
    await fs.utimes(pidOnlyOld, twoDaysAgo, twoDaysAgo);

    expect(await removeOrphanedEngineTempDirs(root, now)).toBe(3);
    expect((await fs.readdir(root)).sort()).toEqual(
      [ours, otherHostYoung, pidOnlyYoung, foreign].map((dir) => path.basename(dir)).sort(),
    );
  });

  it('names the host with file-name-safe characters only', () => {
    expect(hostTag('build/box 7')).toBe('build_box_7');
    expect(hostTag('worker-2.internal')).toBe('worker-2.internal');
    expect(hostTag('')).toBe('host');
  });

  it('answers 0 for a temp folder that does not exist', async () => {
    expect(await removeOrphanedEngineTempDirs('/nonexistent/temp')).toBe(0);
  });
});
