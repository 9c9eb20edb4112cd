import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client';
import { testDatabaseUrl } from '../../../test/harness';
import { createJobQueue, type JobQueue } from './job-queue';

// Found by the scale-out bench (issue 19): two API and two worker processes started at once on a
// fresh database all create the generation queue; pg-boss's create_queue builds the queue's
// partition table, two of them deadlocked, and the process PostgreSQL aborted failed to start
// ("deadlock detected"). The race itself is a matter of timing, so the deadlock is injected.
const databases: Database[] = [];
const queues: JobQueue[] = [];

afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop(1_000)));
  await Promise.all(databases.map((d) => d.close()));
});

const options = {
  supervise: false,
  expireInSeconds: 60,
  maintenanceIntervalSeconds: 60,
  retryLimit: 1,
  retryDelaySeconds: 1,
};

/** A pool whose first statement matching `pattern` fails as PostgreSQL reports a deadlock. */
function deadlockOnce(pool: pg.Pool, pattern: string): { injected: () => boolean } {
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<unknown>;
  let injected = false;
  const patched = (text: string, values?: unknown[]) => {
    if (!injected && text.includes(pattern)) {
      injected = true;
      return Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    }
    return query(text, values);
  };
  Object.assign(pool, { query: patched });
  return { injected: () => injected };
}

describe('the job queue', () => {
  it('starts when creating the queue is aborted by a deadlock with another starting process', async () => {
    const database = createDatabase(await testDatabaseUrl(), { max: 4 });
    databases.push(database);
    // The cloned template already has the queue: start from nothing, as a new install does.
    await database.pool.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
    const deadlock = deadlockOnce(database.pool, 'create_queue($1');
    const queue = await createJobQueue({ pool: database.pool, ...options });
    queues.push(queue);
    expect(deadlock.injected()).toBe(true);
  });

  it('starts in every process when several start on a fresh database at once', async () => {
    const url = await testDatabaseUrl();
    const admin = createDatabase(url, { max: 1 });
    databases.push(admin);
    await admin.pool.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
    const starts = Array.from({ length: 4 }, async (_, i) => {
      const database = createDatabase(url, { max: 4 });
      databases.push(database);
      queues.push(await createJobQueue({ pool: database.pool, ...options, supervise: i < 2 }));
    });
    const results = await Promise.allSettled(starts);
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
  });
});
