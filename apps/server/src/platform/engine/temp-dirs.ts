import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * The engine's scratch folders (ffmpeg's output while a video renders). Each is removed when its
 * render ends, but a worker killed mid-render leaves its folder behind (issue 19 item 8), so a
 * starting worker removes the ones no live process owns. Several workers may share one temp
 * folder, so a folder's name carries its owner's pid and only dead owners' folders go: never
 * anything outside our own prefix.
 */

const PREFIX = 'studio-video-';
const OWNED = /^studio-video-(\d+)-[^/]+$/;
/** Folders from before the pid was in the name: gone once older than any render may run. */
const UNOWNED_MAX_AGE_MS = 60 * 60_000;

/** A scratch folder owned by this process. */
export function makeEngineTempDir(root = tmpdir()): Promise<string> {
  return mkdtemp(join(root, `${PREFIX}${String(process.pid)}-`));
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes scratch folders whose owner is gone; returns how many. */
export async function removeOrphanedEngineTempDirs(root = tmpdir(), now = Date.now()) {
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const owner = OWNED.exec(name)?.[1];
    const path = join(root, name);
    try {
      if (owner !== undefined) {
        if (isAlive(Number(owner))) continue;
      } else if (now - (await stat(path)).mtimeMs < UNOWNED_MAX_AGE_MS) continue;
      await rm(path, { recursive: true, force: true });
      removed++;
    } catch {
      // Removed meanwhile, or not ours to remove: the next start tries again.
    }
  }
  return removed;
}
