// The real server as a child process (`node --import tsx apps/server/src/main.ts`), for the benches
// that kill, restart and signal it: scale-out and soak. Every child started here is SIGKILLed when
// the bench process exits, however it exits (a failed check, an exception, Ctrl-C), so no server
// outlives its bench.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAIN = path.join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts');
/** Kept of each child's output: enough to show why it failed, bounded for a 10-minute run. */
const OUTPUT_TAIL_CHARS = 64 * 1024;

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** SIGKILLs every child still running: the 'exit' handler, and callers that give up early. */
export function killAllChildren(): void {
  for (const child of running) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killAllChildren);
  // A signal to the bench ends it through process.exit, so the 'exit' handlers above (and the
  // embedded PostgreSQL's own) run.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      process.stderr.write(`bench: ${signal}, stopping every child\n`);
      process.exit(130);
    });
  }
}

/** Puts another child of the bench (the S3 emulator) under the same kill-on-exit rule. */
export function trackChild(child: ChildProcess): void {
  installExitHook();
  running.add(child);
  child.once('exit', () => running.delete(child));
}

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  /** `http://127.0.0.1:<port>` for API roles; undefined for a worker. */
  base: string | undefined;
  /** The last 64 KiB of its stdout and stderr. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts main.ts with `env` added to a minimal environment (PATH only from ours). */
export function spawnServer(name: string, env: Record<string, string>): ServerProcess {
  installExitHook();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      // The API needs no built web app; a missing folder keeps it from serving a stale one.
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start`);
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = once(child, 'exit').then(([code, signal]) => {
    running.delete(child);
    return { code: code as number | null, signal: signal as NodeJS.Signals | null };
  });
  const role = env.ROLE ?? 'all';
  return {
    name,
    child,
    pid: child.pid,
    base: role === 'worker' ? undefined : `http://127.0.0.1:${env.PORT ?? '3000'}`,
    output: () => output,
    exited,
  };
}

/** Waits (bounded) until an API answers its health check, or a worker says it is running. */
export async function waitReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`${server.name} exited while starting:\n${server.output()}`);
    if (server.base) {
      try {
        const res = await fetch(`${server.base}/api/v1/health`, {
          signal: AbortSignal.timeout(2_000),
        });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
    } else if (server.output().includes('ROLE=worker: running background jobs only')) {
      return;
    }
    await sleep(200);
  }
  throw new Error(`${server.name} not ready within ${String(timeoutMs)} ms:\n${server.output()}`);
}

/** Sends `signal` and waits (bounded) for the exit; SIGKILL if it does not come. */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals,
  timeoutMs = 20_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; forced: boolean }> {
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    return { ...(await server.exited), forced: false };
  server.child.kill(signal);
  const result = await Promise.race([server.exited, sleep(timeoutMs).then(() => undefined)]);
  if (result) return { ...result, forced: false };
  server.child.kill('SIGKILL');
  return { ...(await server.exited), forced: true };
}

/** Resident memory of a process in MiB, from /proc (Linux); NaN when it is gone. */
export function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}
