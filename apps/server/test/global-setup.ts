import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { createJobQueue } from '../src/platform/queue/job-queue';

export const TEMPLATE_DATABASE = 'studio_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the `postgres` maintenance database of the run's embedded server. */
    pgAdminUrl: string;
    /** A directory for the run's temporary files, removed with the embedded server. */
    scratchDir: string;
  }
}

/**
 * One real PostgreSQL for the whole integration run, with a migrated template database. Each test
 * file clones the template (CREATE DATABASE … TEMPLATE, ~20 ms), so files run in parallel, isolated.
 */
export default async function setup(project: TestProject) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-int-'));
  await fs.chmod(root, 0o755); // the embedded server may run as the `postgres` user
  const server = await startEmbeddedPostgres({
    dir: path.join(root, 'pg'),
    database: TEMPLATE_DATABASE,
  });
  const template = createDatabase(server.url, { max: 1 });
  await runMigrations(template.pool);
  // pg-boss installs its schema on first start; doing it once here keeps every clone ready.
  const queue = await createJobQueue({
    pool: template.pool,
    supervise: false,
    expireInSeconds: 60,
    maintenanceIntervalSeconds: 60,
    retryLimit: 1,
    retryDelaySeconds: 1,
  });
  await queue.stop(1000);
  await template.close();
  project.provide('pgAdminUrl', server.urlFor('postgres'));
  const scratch = path.join(root, 'scratch');
  await fs.mkdir(scratch);
  project.provide('scratchDir', scratch);
  return async () => {
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
  };
}
