import { removeOrphanedEngineTempDirs } from '../../platform/engine/temp-dirs';
import { sweepStrayObjects } from '../media/media.service';
import type { JobQueue } from '../../platform/queue/job-queue';
import type { RecurringJob } from '../billing/billing.jobs';
import { pruneOldDeliveries } from '../webhooks/fal-webhooks.service';
import {
  redeliverAbandoned,
  runGenerationJob,
  sweepOverdue,
  type RunnerDeps,
} from './generation-runner';

/**
 * The generation worker: `concurrency` job handlers on the durable queue plus the sweeper that
 * fails and refunds work past its deadline, re-sends abandoned work and removes stray media
 * objects. Stopping hands in-flight work back to the queue (the
 * provider request id is kept, so the next worker resumes it) and waits for handlers to return.
 */
export async function startGenerationWorker(
  deps: Omit<RunnerDeps, 'shutdown' | 'queue'> & {
    queue: JobQueue;
    concurrency: number;
    sweepIntervalMs: number;
    /**
     * Grace before an unfinished media write's objects, or an output its generation does not
     * name, are swept (ADR 046).
     */
    mediaSweepGraceMs: number;
  },
): Promise<RecurringJob> {
  // A worker killed mid-render left its ffmpeg scratch folder behind (ADR 039).
  const removed = await removeOrphanedEngineTempDirs();
  if (removed > 0) deps.log.warn({ removed }, "dead workers' engine temp folders removed");
  const shutdown = new AbortController();
  const runner: RunnerDeps = { ...deps, shutdown: shutdown.signal };
  await deps.queue.work(deps.concurrency, (job, meta) =>
    runGenerationJob(runner, job.generationId, meta),
  );
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= Promise.all([
      sweepOverdue(deps),
      redeliverAbandoned(deps.db, deps.queue, deps.leaseMs),
      pruneOldDeliveries(deps.db),
      sweepStrayObjects(deps, {
        writeGraceMs: deps.mediaSweepGraceMs,
        // The deleting process removes its objects itself; the sweep only finishes what it left.
        deletionGraceMs: Math.min(deps.mediaSweepGraceMs, 10 * 60_000),
      }),
    ])
      .then(([swept, { redelivered, deadJobs }, pruned, { strayObjects, unreferencedOutputs }]) => {
        if (strayObjects > 0)
          deps.log.warn({ strayObjects }, 'media objects without a row removed (ADR 046)');
        if (unreferencedOutputs > 0)
          deps.log.warn(
            { unreferencedOutputs },
            'generation outputs no generation names removed (ADR 046, issue 29)',
          );
        if (pruned > 0)
          deps.log.info({ pruned }, 'fal webhook deliveries older than two days removed');
        if (swept > 0) deps.log.warn({ swept }, 'overdue generations failed and refunded');
        if (deadJobs > 0) deps.log.warn({ deadJobs }, "dead workers' queue jobs cancelled");
        if (redelivered > 0) deps.log.warn({ redelivered }, 'abandoned generations sent again');
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'generation sweeper failed; it runs again next interval');
      })
      .finally(() => {
        sweeping = undefined;
      });
  };
  sweep(); // at start too: a restarted worker picks up what the dead one left at once
  const timer = setInterval(sweep, deps.sweepIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      shutdown.abort();
      await sweeping;
      await deps.queue.stop(10_000);
    },
  };
}
