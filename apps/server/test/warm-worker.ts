import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * The real worker (`src/main.ts`, configured by the environment as usual), started in two steps
 * for `worker-crash.int.test.ts`: this process first loads every module main.ts imports, the slow
 * part of a start (7–9 s of CPU, half a minute and more on a busy 2-core machine), and runs main.ts
 * once a line arrives on stdin. The test loads a round's workers together while it creates the
 * round's work, so each kill point is timed from a worker that is ready to run, not from a cold
 * start. Nothing main.ts does is changed or skipped; its imports are only evaluated earlier.
 */

const src = path.resolve(import.meta.dirname, '../src');
const mainFile = path.join(src, 'main.ts');
const source = await fs.readFile(mainFile, 'utf8');
for (const [, specifier = ''] of source.matchAll(/^import [^;]*? from '(\.[^']+)';$/gms)) {
  await import(pathToFileURL(path.join(src, specifier)).href);
}

// The test went away before it needed this worker.
const leave = () => process.exit(0);
process.stdin.once('end', leave);
process.stdin.once('data', () => {
  process.stdin.off('end', leave);
  process.stdin.pause();
  void import(pathToFileURL(mainFile).href);
});
