import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Storage } from './storage';

/** Media on local disk under `root` (default `$DATA_DIR/media`); directories appear on first write. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file. The temporary name is this call's
      // own: two puts of one key at once (two seeds in one process) must not share it.
      const temp = `${file}.${String(process.pid)}.${randomUUID()}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
    },
    async get(key) {
      const file = resolve(key);
      try {
        const stat = await fs.stat(file);
        return { body: createReadStream(file), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix);
      await fs.rm(path.join(root, prefix), { recursive: true, force: true });
    },
  };
}
