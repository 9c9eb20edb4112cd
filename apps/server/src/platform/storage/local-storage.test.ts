import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('local storage', () => {
  it('takes many puts of one key at once in one process, and keeps one whole file', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-local-storage-'));
    dirs.push(root);
    const storage = createLocalStorage(root);
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await Promise.all(
      bodies.map((body) => storage.put('catalog/one/original.png', body, 'image/png')),
    );
    const stored = await fs.readFile(path.join(root, 'catalog/one/original.png'));
    expect(bodies.some((body) => body.equals(stored))).toBe(true);
    expect(await fs.readdir(path.join(root, 'catalog/one'))).toEqual(['original.png']);
  });
});
