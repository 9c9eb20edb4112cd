import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/env';
import { createDatabase, type Database } from '../src/db/client';
import type { MailMessage } from '../src/platform/email/mailer';
import type { GenerationProvider } from '../src/platform/providers/types';
import type { Segmenter } from '../src/platform/engine/garment-fidelity';
import {
  type SigningMaterial,
  developmentSigningMaterial,
} from '../src/platform/provenance/signing-material';
import { plainBackgroundSegmenter } from './plain-background-segmenter';
import type { Storage } from '../src/platform/storage/storage';

const TEMPLATE_DATABASE = 'studio_template';
export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * Each test file gets its own database, cloned from the migrated template on first use. Files share
 * this module (the tier runs unisolated, vitest.config.ts), so `endTestFile` forgets it after each.
 */
let fileDatabaseUrl: Promise<string> | undefined;
const cleanups: (() => Promise<void>)[] = [];

function databaseUrl(name: string): string {
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export function testDatabaseUrl(): Promise<string> {
  fileDatabaseUrl ??= (async () => {
    const name = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    return databaseUrl(name);
  })();
  return fileDatabaseUrl;
}

/** A temporary directory (a DATA_DIR) removed after the file, once its apps are closed. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The committed test signer (a test root, never a production one): production requires one. */
const testSigner = path.resolve(import.meta.dirname, '../src/platform/provenance/fixtures/c2pa');

export function testConfig(overrides: Record<string, string> = {}): Config {
  const production =
    overrides.NODE_ENV === 'production'
      ? {
          C2PA_SIGN_CERT: readFileSync(path.join(testSigner, 'dev-signer.pem'), 'utf8'),
          C2PA_SIGN_KEY: readFileSync(path.join(testSigner, 'dev-signer.key'), 'utf8'),
        }
      : {};
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    DATA_DIR: '/nonexistent',
    ...production,
    ...overrides,
  });
}

/**
 * One development signing set per test process (a temporary directory: the test config's DATA_DIR
 * does not exist), made on first use: generating a key pair and two certificates per app would
 * cost every file that builds one.
 */
let signing: Promise<SigningMaterial> | undefined;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Every message the app sent, in order. */
  mail: MailMessage[];
}

/**
 * `buildApp()` on this file's database. Pass `configure` to add test-only routes before the app
 * is ready; the app and pool are closed after the file.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    configure?: (app: FastifyInstance, database: Database) => void;
    accountErasers?: ((userId: string) => Promise<void>)[];
    /** Run the generation worker in-process (off by default: most files never generate). */
    worker?: boolean;
    provider?: GenerationProvider;
    storage?: Storage;
    /** The garment-fidelity check's segmenter; default: corners-colour keying (no model run). */
    garmentSegmenter?: Segmenter;
    /** What outputs are signed with; default: one development set per test process. */
    signingMaterial?: SigningMaterial;
  } = {},
): Promise<TestApp> {
  const database = createDatabase(await testDatabaseUrl(), { max: 5 });
  const mail: MailMessage[] = [];
  // Under the run's scratch directory, which the global teardown removes.
  signing ??= fs
    .mkdtemp(path.join(inject('scratchDir'), 'c2pa-'))
    .then((dir) => developmentSigningMaterial(dir));
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    mailer: {
      send: async (message) => {
        mail.push(message);
      },
    },
    ...(options.accountErasers ? { accountErasers: options.accountErasers } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
    worker: options.worker ?? false,
    garmentSegmenter: options.garmentSegmenter ?? plainBackgroundSegmenter,
    signingMaterial: options.signingMaterial ?? (await signing),
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
  });
  options.configure?.(app, database);
  await app.ready();
  cleanups.unshift(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, mail };
}

/**
 * Closes what the file made (apps, pools, its database, temporary directories) and undoes its spies,
 * so the next file in this worker starts clean. Registered after every file by `file-setup.ts`.
 */
export async function endTestFile(): Promise<void> {
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  fileDatabaseUrl = undefined;
}

/** Signs up through Better Auth and returns the session cookie header to send on later requests. */
export async function signUp(
  app: FastifyInstance,
  user: { name?: string; email?: string; password?: string } = {},
): Promise<{ cookie: string; email: string; password: string }> {
  const email = user.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = user.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    // Counters are shared by every app on the file's database (ADR 038): an address per sign-up
    // keeps a file's many sign-ups under the per-address sign-up limit.
    remoteAddress: `10.${randomBytes(3).join('.')}`,
    headers: { origin: TEST_ORIGIN },
    payload: { name: user.name ?? 'Test User', email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieHeader(res.headers['set-cookie']), email, password };
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** A minimal environment for a child process under test: PATH and what the test sets. */
export function childProcessEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', ...vars };
}
