import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import PgBoss from 'pg-boss';
import { retryOnDeadlock } from '../../db/retry-on-deadlock';
import type { Tx } from '../../db/db-or-tx';

/*
 * The durable job queue (ADR 012): pg-boss on our PostgreSQL. Jobs are inserted in the caller's
 * transaction, so a generation and its job commit or vanish together. pg-boss polls at most every
 * 0.5 s, so a NOTIFY sent in the same transaction (delivered only on commit) wakes idle workers at
 * once. A crashed worker's work is sent again by the generation sweeper once its lease lapses, and
 * the dead job cancelled then (ADR 039); `expireInSeconds` is only the backstop.
 */

export const GENERATION_QUEUE = 'generation';
const WAKE_CHANNEL = 'studio_jobs';

export interface QueueOptions {
  pool: Pool;
  /** Whether this process runs maintenance (expiring stuck jobs); true in worker processes. */
  supervise: boolean;
  expireInSeconds: number;
  maintenanceIntervalSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

export interface GenerationJob {
  generationId: string;
}

export interface JobMeta {
  jobId: string;
  retryCount: number;
  retryLimit: number;
}

export interface SendOptions {
  startAfterSeconds?: number;
  /**
   * A catalogue pair (ADR 017): it waits behind every single generation (a lower pg-boss
   * priority), so one seller's 80-pair catalogue cannot starve other users' one-off work.
   */
  background?: boolean;
  /**
   * The pair's place in its catalogue. pg-boss takes jobs of one priority by `created_on`, then by
   * id; a catalogue's jobs share one `created_on` (one transaction), so their ids carry this number
   * and the pairs run garment by garment instead of in random order.
   */
  sequence?: number;
}

/** pg-boss priority of catalogue pairs: higher runs first, single generations have 0. */
export const BACKGROUND_PRIORITY = -1;

export interface JobQueue {
  /** Adds a generation job inside `tx`; it becomes visible (and wakes workers) on commit. */
  enqueueGeneration(tx: Tx, job: GenerationJob, options?: SendOptions): Promise<void>;
  /** Outside a transaction, e.g. a job re-scheduling a check on work another worker holds. */
  sendGeneration(job: GenerationJob, options?: SendOptions): Promise<void>;
  /**
   * Ends jobs a dead worker left active (the sweeper finds them by their generation's lapsed
   * lease), so pg-boss's expiry does not deliver them again 40 minutes later.
   */
  cancelJobs(jobIds: readonly string[]): Promise<void>;
  /** Starts `concurrency` workers; each takes one job at a time. */
  work(
    concurrency: number,
    handler: (job: GenerationJob, meta: JobMeta) => Promise<void>,
  ): Promise<void>;
  /** Stops fetching, waits up to `timeoutMs` for running handlers, then closes. */
  stop(timeoutMs: number): Promise<void>;
}

/** Runs pg-boss's parameterised SQL ($1, $2…) through a Drizzle transaction. */
function txExecutor(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) =>
        // Drizzle renders an undefined parameter as nothing; PostgreSQL needs NULL there.
        i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
      );
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

/**
 * The queue, created under retryOnDeadlock. Processes starting at once on a fresh database
 * (ROLE=api and ROLE=worker) all create it:
 * pg-boss's create_queue inserts the queue row and builds its partition table in one transaction,
 * and two of them can deadlock (found by the scale-out bench, issue 19). PostgreSQL then aborts one
 * of them; running it again finds the queue made by the other. Bounded: a deadlock that keeps
 * coming back is a real failure.
 */
export async function createJobQueue(options: QueueOptions): Promise<JobQueue> {
  const { pool } = options;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    supervise: options.supervise,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  });
  boss.on('error', () => undefined); // surfaced through failed jobs; never crash the process
  await boss.start();
  const queueOptions = {
    name: GENERATION_QUEUE,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds,
  };
  // createQueue keeps an existing queue's settings; update them so configuration changes apply.
  await retryOnDeadlock(() => boss.createQueue(GENERATION_QUEUE, queueOptions));
  await retryOnDeadlock(() => boss.updateQueue(GENERATION_QUEUE, queueOptions));

  const workerIds: string[] = [];
  let listener: PoolClient | undefined;
  let stopped = false;

  /** A dedicated connection LISTENing for wake-ups; re-opened after a connection loss. */
  async function listen(): Promise<void> {
    if (stopped) return;
    try {
      const client = await pool.connect();
      client.on('notification', () => {
        for (const id of workerIds) boss.notifyWorker(id);
      });
      client.on('error', (error) => {
        client.removeAllListeners('notification');
        client.release(error);
        if (listener === client) listener = undefined;
        // Polling still runs meanwhile; only the instant wake-up is missing until this returns.
        setTimeout(() => void listen(), 1000).unref();
      });
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
      listener = client;
    } catch {
      setTimeout(() => void listen(), 1000).unref();
    }
  }

  const sendOptions = (options: SendOptions = {}): PgBoss.SendOptions => ({
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    ...(options.background ? { priority: BACKGROUND_PRIORITY } : {}),
    ...(options.sequence === undefined ? {} : { id: sequencedJobId(options.sequence) }),
  });

  return {
    async enqueueGeneration(tx, job, opts) {
      const id = await boss.send(GENERATION_QUEUE, job, {
        ...sendOptions(opts),
        db: txExecutor(tx),
      });
      // No id means nothing was inserted: fail the transaction rather than keep work no job runs.
      if (!id) throw new Error('the generation job was not enqueued');
      await tx.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${GENERATION_QUEUE})`);
    },
    async sendGeneration(job, opts) {
      await boss.send(GENERATION_QUEUE, job, sendOptions(opts));
      if (!opts?.startAfterSeconds)
        await pool.query(`select pg_notify($1, $2)`, [WAKE_CHANNEL, GENERATION_QUEUE]);
    },
    async cancelJobs(jobIds) {
      if (jobIds.length > 0) await boss.cancel(GENERATION_QUEUE, [...jobIds]);
    },
    async work(concurrency, handler) {
      for (let i = 0; i < concurrency; i++) {
        workerIds.push(
          await boss.work<GenerationJob>(
            GENERATION_QUEUE,
            { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 },
            async ([job]) => {
              if (!job) return;
              try {
                await handler(job.data, {
                  jobId: job.id,
                  retryCount: job.retryCount,
                  retryLimit: job.retryLimit,
                });
              } finally {
                // pg-boss otherwise sleeps out its polling interval after each job, so a backlog of
                // short jobs would drain at one per interval: look for the next one at once.
                setImmediate(() => {
                  for (const id of workerIds) boss.notifyWorker(id);
                });
              }
            },
          ),
        );
      }
      await listen();
    },
    async stop(timeoutMs) {
      stopped = true;
      if (listener) {
        const client = listener;
        listener = undefined;
        client.removeAllListeners('notification');
        client.removeAllListeners('error');
        // A stop often comes with the database's own (one Ctrl-C reaches the embedded server's
        // process group too): a connection it ends now (57P01) must not be an unhandled 'error'
        // that crashes the process on its way out.
        client.on('error', () => undefined);
        await client.query(`UNLISTEN ${WAKE_CHANNEL}`).catch(() => undefined);
        client.release();
      }
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false, wait: true });
    },
  };
}

/** A random UUID whose first 32 bits are `sequence`, so ids sort in sequence order. */
function sequencedJobId(sequence: number): string {
  const prefix = (Math.max(0, Math.floor(sequence)) >>> 0).toString(16).padStart(8, '0');
  return `${prefix}${randomUUID().slice(8)}`;
}
