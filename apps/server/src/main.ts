import fs from 'node:fs/promises';
import path from 'node:path';
import { startCreditCycleJob } from './modules/billing/billing.jobs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';
import { createDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './platform/email/mailer';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './platform/embedded-postgres';
import { readOrCreateSecret } from './platform/local-secret';
import { createStorage } from './platform/storage';
import { createMetrics } from './platform/metrics/metrics';
import { listenForMetrics } from './platform/metrics/listener';
import { seedCatalog } from './modules/catalog/catalog.seed';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

// We own shutdown from the first moment: a signal during start-up (migrations, the catalog), or a
// failed start, must still stop what has started, or the embedded PostgreSQL outlives us. Each step
// adds its own stop; shutdown runs them last-started first.
const stops: (() => Promise<unknown>)[] = [];
let log = (reason: string) => {
  process.stderr.write(`${reason}: shutting down\n`);
};
let stopping = false;
async function shutdown(reason: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(reason);
  // Past the engine thread's own wait for an inference to end (ADR 045), and within a usual 30 s
  // grace period before a supervisor's SIGKILL.
  const force = setTimeout(() => process.exit(1), 28_000);
  force.unref();
  try {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  } finally {
    process.exit(code);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));

async function main(): Promise<void> {
  const config = readConfig();
  await fs.mkdir(config.dataDir, { recursive: true });

  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const starting = startEmbeddedPostgres({ dir: path.join(config.dataDir, 'postgres') });
    // A signal while PostgreSQL is still coming up waits for it, then stops it.
    stops.push(async () => (await starting).stop());
    embedded = await starting;
    databaseUrl = embedded.url;
  }
  const database = createDatabase(databaseUrl);
  stops.push(() => database.close());
  await runMigrations(database.pool);

  const authSecret =
    config.authSecret ?? (await readOrCreateSecret(path.join(config.dataDir, 'auth-secret')));
  let logMail: (line: string) => void = () => undefined;
  const mailer: Mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, (entry) => {
        logMail(`mail to ${entry.to}: ${entry.subject}\n${entry.text}`);
      });
  const storage = createStorage(config);
  await seedCatalog({ db: database.db, storage });
  const metrics = createMetrics();
  const app = await buildApp({ config, database, authSecret, mailer, storage, metrics });
  stops.push(() => app.close());
  log = (reason) => {
    app.log.info({ reason }, 'shutting down');
  };
  logMail = (line) => {
    app.log.info({ outbox: path.join(config.dataDir, 'outbox') }, line);
  };
  if (embedded) app.log.info({ port: embedded.port }, 'embedded PostgreSQL started');

  const jobs =
    config.role === 'api'
      ? []
      : [
          startCreditCycleJob({
            db: database.db,
            intervalMs: config.creditsJobIntervalMs,
            log: app.log,
          }),
        ];
  stops.push(() => Promise.all(jobs.map((job) => job.stop())));

  // METRICS_PORT: the private scrape port, on every role (a worker has no other, ADR 062).
  if (config.metricsListener) {
    const listener = await listenForMetrics(metrics, config.metricsListener);
    stops.push(() => listener.close());
    app.log.info({ port: listener.port, host: config.metricsListener.host }, 'metrics listening');
  }

  if (config.role === 'worker') {
    app.log.info('ROLE=worker: running background jobs only; HTTP is not served');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  // A signal during start-up closes what main() was using: that error is the shutdown's, not news.
  if (stopping) return;
  process.stderr.write(
    `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  void shutdown('failed start', 1);
});
