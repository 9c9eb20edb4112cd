import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * The engine's scratch folders (ffmpeg's output while a video renders). Each is removed when its
 * render ends, but a worker killed mid-render leaves its folder behind (issue 19 item 8), so a
 * starting worker removes the ones no live process owns. Several workers may share one temp
 * folder, on one machine or several (a shared volume), so a folder's name carries its owner's
 * host and pid: only this host's folders are judged by pid (a pid means nothing on another
 * host), others only by age, and never anything outside our own prefix.
 */

const PREFIX = 'studio-video-';
/** `studio-video-<host>-<pid>-<mkdtemp's 6 characters>`; the host may itself hold dashes. */
const OWNED = /^studio-video-(.+)-(\d+)-[A-Za-z0-9]{6}$/;
/**
 * Another host's folder, or one named before the host was in the name: gone once older than any
 * render may run (renders take minutes; a live one keeps writing into its folder).
 */
const FOREIGN_MAX_AGE_MS = 24 * 60 * 60_000;

/** This host as it appears in a folder name (only characters a file name can always hold). */
export function hostTag(host = hostname()): string {
  return host.replace(/[^A-Za-z0-9.-]/g, '_') || 'host';
}

/** A scratch folder owned by this process. */
export function makeEngineTempDir(root = tmpdir()): Promise<string> {
  return mkdtemp(join(root, `${PREFIX}${hostTag()}-${String(process.pid)}-`));
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
export async function removeOrphanedEngineTempDirs(
  root = tmpdir(),
  now = Date.now(),
  host = hostTag(),
) {
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const owner = OWNED.exec(name);
    const path = join(root, name);
    try {
      if (owner?.[1] === host) {
        if (isAlive(Number(owner[2]))) continue;
      } else if (now - (await stat(path)).mtimeMs < FOREIGN_MAX_AGE_MS) continue;
      await rm(path, { recursive: true, force: true });
      removed++;
    } catch {
      // Removed meanwhile, or not ours to remove: the next start tries again.
    }
  }
  return removed;
}
