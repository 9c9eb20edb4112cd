import fs from 'node:fs';
import path from 'node:path';

/** The text of every source file of the web app (tests aside), for tests that read the code. */
export function appSources(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => fs.readFileSync(path.join(root, file), 'utf8'));
}
