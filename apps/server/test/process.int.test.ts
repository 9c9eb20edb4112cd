import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isProcessAlive } from '../src/platform/embedded-postgres';

// The real process: `main.ts` with its embedded PostgreSQL, driven over loopback HTTP and signals.
const serverDir = path.resolve(import.meta.dirname, '..');
const running = new Set<ChildProcess>();
const tempDirs: string[] = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(tempDirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function tempDataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-proc-'));
  await fs.chmod(dir, 0o755);
  tempDirs.push(dir);
  return dir;
}

interface Instance {
  child: ChildProcess;
  base: string;
  output: () => string;
}

function startServer(env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return { child, base: `http://127.0.0.1:${env.PORT ?? '3000'}`, output: () => output };
}

async function waitHealthy(
  instance: Instance,
): Promise<{ ok: boolean; database: { version: string } }> {
  // Up to a minute: a start (tsx, PostgreSQL's initdb, migrations) took 10–20 s on a slow machine.
  for (let i = 0; i < 240; i++) {
    if (instance.child.exitCode !== null)
      throw new Error(`server exited early:\n${instance.output()}`);
    try {
      const res = await fetch(`${instance.base}/api/v1/health`);
      if (res.ok) return (await res.json()) as { ok: boolean; database: { version: string } };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`server did not become healthy:\n${instance.output()}`);
}

async function stopWith(instance: Instance, signal: NodeJS.Signals): Promise<number | null> {
  const exited = once(instance.child, 'exit');
  instance.child.kill(signal);
  const [code] = (await Promise.race([exited, sleep(20_000).then(() => [undefined])])) as [
    number | null | undefined,
  ];
  if (code === undefined) throw new Error('server did not stop within 20 s');
  return code;
}

async function postgresPid(dataDir: string): Promise<number> {
  const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return Number(pidFile.split('\n')[0]);
}

async function json(res: Response): Promise<unknown> {
  return res.json();
}

describe('server process', () => {
  it('runs two instances side by side and stops each cleanly on SIGINT and SIGTERM, leaving no postgres behind', async () => {
    const [dirA, dirB, portA, portB] = await Promise.all([
      tempDataDir(),
      tempDataDir(),
      freePort(),
      freePort(),
    ]);
    const a = startServer({ PORT: String(portA), DATA_DIR: dirA });
    const b = startServer({ PORT: String(portB), DATA_DIR: dirB });
    const [healthA, healthB] = await Promise.all([waitHealthy(a), waitHealthy(b)]);
    expect(healthA.database.version).toMatch(/^PostgreSQL 17/);
    expect(healthB.database.version).toMatch(/^PostgreSQL 17/);

    const [pgA, pgB] = await Promise.all([postgresPid(dirA), postgresPid(dirB)]);
    expect(pgA).not.toBe(pgB);
    expect(isProcessAlive(pgA) && isProcessAlive(pgB)).toBe(true);

    expect(await stopWith(a, 'SIGINT')).toBe(0);
    expect(isProcessAlive(pgA)).toBe(false);
    // B is untouched by A's shutdown.
    expect((await fetch(`${b.base}/api/v1/health`)).ok).toBe(true);
    expect(await stopWith(b, 'SIGTERM')).toBe(0);
    expect(isProcessAlive(pgB)).toBe(false);
  });

  it('stops its embedded PostgreSQL when told to stop while still starting', async () => {
    const [dir, port] = await Promise.all([tempDataDir(), freePort()]);
    const server = startServer({ PORT: String(port), DATA_DIR: dir });
    // PostgreSQL is up once its pid file names the server (initdb's single-user run writes a
    // negative pid); migrations and the catalog come after it.
    let pg = 0;
    for (let i = 0; i < 600 && pg <= 0; i++) {
      pg = await postgresPid(dir).catch(() => 0);
      if (pg <= 0) await sleep(50);
    }
    expect(pg).toBeGreaterThan(0);
    expect(await stopWith(server, 'SIGTERM')).toBe(0);
    expect(isProcessAlive(pg)).toBe(false);
  });

  it('keeps accounts and sessions across a restart of the same data directory', async () => {
    const [dir, port] = await Promise.all([tempDataDir(), freePort()]);
    const origin = `http://localhost:${port}`;
    const first = startServer({ PORT: String(port), DATA_DIR: dir });
    await waitHealthy(first);
    const signUp = await fetch(`${first.base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        name: 'Rhea Kapoor',
        email: 'rhea@example.com',
        password: 'a long password',
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(await stopWith(first, 'SIGINT')).toBe(0);

    const second = startServer({ PORT: String(port), DATA_DIR: dir });
    await waitHealthy(second);
    const session = await json(
      await fetch(`${second.base}/api/v1/session`, { headers: { cookie } }),
    );
    expect(session).toMatchObject({ user: { email: 'rhea@example.com', name: 'Rhea Kapoor' } });
    const signIn = await fetch(`${second.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'rhea@example.com', password: 'a long password' }),
    });
    expect(signIn.status).toBe(200);
    expect(await stopWith(second, 'SIGINT')).toBe(0);
  });

  it('refuses to start on invalid configuration with a readable message', async () => {
    const dir = await tempDataDir();
    const bad = startServer({ PORT: 'eighty', DATA_DIR: dir, DATABASE_URL: 'mysql://nope' });
    const [code] = (await once(bad.child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toMatch(/PORT: .*number/);
    expect(bad.output()).toMatch(/DATABASE_URL: must be a postgres/);
  });
});
