// The real app for a bench: a fresh embedded PostgreSQL in a temporary folder, migrations,
// buildApp (no worker, silent) listening on a free loopback port, and accounts signed up through
// the real endpoint. Imports server code: benches whose load client is a forked copy of the bench
// script load this with a dynamic import inside their main process only.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type AppDeps } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/env';
import { createDatabase, type Database } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { startEmbeddedPostgres } from '../../apps/server/src/platform/embedded-postgres';

/** The origin the app trusts (PORT 3000); requests send it, the server listens elsewhere. */
export const BENCH_ORIGIN = 'http://localhost:3000';
/** The app's auth secret: benches that make sessions in bulk sign their cookies with it. */
export const BENCH_AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-01';

export interface BenchApp {
  address: string;
  database: Database;
  dataDir: string;
  /** Signs up `email` and answers its session cookie and user id. */
  signUp(email: string, name?: string): Promise<{ cookie: string; id: string }>;
  close(): Promise<void>;
}

export async function startBenchApp(
  name: string,
  options: {
    poolMax?: number;
    /** Extra environment for the app's configuration (e.g. IMAGE_DECODE_CONCURRENCY). */
    env?: Record<string, string>;
    /** Extra dependencies (storage, provider) built once the data folder is known. */
    deps?: (dataDir: string, database: Database) => Partial<AppDeps>;
  } = {},
): Promise<BenchApp> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), `studio-bench-${name}-`));
  await fs.chmod(root, 0o755); // the embedded server may run as the `postgres` user
  const server = await startEmbeddedPostgres({ dir: path.join(root, 'pg'), database: 'bench' });
  const database = createDatabase(server.url, { max: options.poolMax ?? 20 });
  const dataDir = path.join(root, 'data');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const close = async () => {
    await app?.close();
    await database.close();
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
  };
  try {
    await runMigrations(database.pool);
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '3000', // trusted origin BENCH_ORIGIN; the server listens on a free port
        DATA_DIR: dataDir,
        RATE_LIMIT_MULTIPLIER: '1000',
        ...options.env,
      }),
      database,
      authSecret: BENCH_AUTH_SECRET,
      mailer: { send: async () => undefined },
      worker: false,
      logger: false,
      ...options.deps?.(dataDir, database),
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const signUp = async (email: string, userName = 'Bench User') => {
      const res = await fetch(`${address}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN },
        body: JSON.stringify({ name: userName, email, password: 'correct horse battery' }),
      });
      if (res.status !== 200) throw new Error(`sign-up failed: ${String(res.status)}`);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const session = await fetch(`${address}/api/v1/session`, { headers: { cookie } });
      const { user } = (await session.json()) as { user: { id: string } };
      return { cookie, id: user.id };
    };
    return { address, database, dataDir, signUp, close };
  } catch (error) {
    await close();
    throw error;
  }
}
