// Gallery delete at volume (ADR 030): which media of the deleted generations some other
// generation of the user still names, for a user with 100 000 generations (each naming its own
// output, its thumbnail and an upload as input, with a settings object like a tool's) deleting the
// most a request may: 100 generations, 300 candidate media ids. Times the repository's
// `stillReferenced` inside a transaction, as the delete runs it, on a fresh embedded PostgreSQL.
// Usage: node --import tsx bench/gallery-delete.ts [runs=5]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { stillReferenced } from '../apps/server/src/modules/media/media.repository';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres';
import { printTable, quantile } from './report';

const ROWS = 100_000;
const DELETED = 100;
const runs = Number(process.argv[2] ?? 5);

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-bench-delete-'));
await fs.chmod(root, 0o755); // the embedded server may run as the `postgres` user
const server = await startEmbeddedPostgres({ dir: path.join(root, 'pg'), database: 'bench' });
const database = createDatabase(server.url, { max: 2 });
try {
  await runMigrations(database.pool);
  const userId = 'bench-user';
  // Media ids of the app's length (22 characters); md5 keeps the seed free of extensions.
  await database.pool.query(
    `INSERT INTO generations (id, user_id, type, status, prompt, credits, image_urls,
       input_image_urls, thumbnail_url, settings, created_at)
     SELECT 'gen_' || i, $1, 'photoshoot', 'succeeded', 'a perfume bottle on marble', 1,
       jsonb_build_array('/api/v1/media/' || m.o),
       jsonb_build_array('/api/v1/media/' || m.u),
       '/api/v1/media/' || m.o || '/thumbnail',
       jsonb_build_object('imageUrl', '/api/v1/media/' || m.u, 'sceneStyle', 'studio',
         'numImages', 1, 'mode', 'balanced'),
       now() - i * interval '1 minute'
     FROM generate_series(1, ${String(ROWS)}) AS i
     CROSS JOIN LATERAL (SELECT substr(md5(random()::text || i), 1, 22) AS o,
                                substr(md5(random()::text || -i), 1, 22) AS u) AS m`,
    [userId],
  );
  await database.pool.query('VACUUM (ANALYZE) generations');
  // The candidates of deleting the newest 100: each one's output and two ids no row names (the
  // common case after a delete: the search must look at every row to say so).
  const { rows } = await database.pool.query<{ url: string }>(
    `SELECT image_urls->>0 AS url FROM generations ORDER BY created_at DESC LIMIT ${String(DELETED)}`,
  );
  const candidates = rows.flatMap((row) => [
    row.url.split('/').at(-1) ?? '',
    randomBytes(16).toString('base64url'),
    randomBytes(16).toString('base64url'),
  ]);

  const ms: number[] = [];
  let kept = 0;
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    kept = (await database.db.transaction((tx) => stillReferenced(tx, userId, candidates))).size;
    if (run > 0) ms.push(performance.now() - started); // the first run warms the cache
  }
  ms.sort((a, b) => a - b);
  console.log(
    `gallery delete: which of ${String(candidates.length)} media ids ${String(ROWS)} generations ` +
      `of one user still name (${String(kept)} kept: the rows were not deleted here)\n`,
  );
  printTable([
    ['runs', 'median ms', 'max ms'],
    [String(runs), quantile(ms, 0.5).toFixed(0), (ms.at(-1) ?? NaN).toFixed(0)],
  ]);
} finally {
  await database.close();
  await server.stop();
  await fs.rm(root, { recursive: true, force: true });
}
