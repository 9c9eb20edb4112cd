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

async function main(): Promise<void> {
  const config = readConfig();
  await fs.mkdir(config.dataDir, { recursive: true });

  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'postgres') });
    databaseUrl = embedded.url;
  }
  const database = createDatabase(databaseUrl);
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
  const app = await buildApp({ config, database, authSecret, mailer, storage });
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

  // We own shutdown: stop taking requests, drain, close the pool, then stop the embedded PostgreSQL.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await Promise.all(jobs.map((job) => job.stop()));
      await database.close();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.role === 'worker') {
    app.log.info('ROLE=worker: running background jobs only; HTTP is not served');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
