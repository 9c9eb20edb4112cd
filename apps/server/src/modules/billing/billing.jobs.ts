import type { Db } from '../../db/client';
import { expireAbandonedOrders, runCreditCycles } from './billing.service';

export interface RecurringJob {
  stop(): Promise<void>;
}

interface JobLog {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * Starts scheduled plans, grants plan cycles that have started, expires lapsed credits and closes
 * abandoned checkouts, at start and then every
 * `intervalMs`. Every step is idempotent and locked per user, so several workers may run it.
 * (The generation platform's durable queue may take this over; the work itself stays the same.)
 */
export function startCreditCycleJob(deps: {
  db: Db;
  intervalMs: number;
  log: JobLog;
}): RecurringJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= runCreditCycles({ db: deps.db })
      .then(async (result) => {
        if (result.cyclesGranted > 0 || result.usersExpired > 0) {
          deps.log.info(result, 'credit cycles granted and lapsed credits expired');
        }
        const ordersExpired = await expireAbandonedOrders({ db: deps.db });
        if (ordersExpired > 0) deps.log.info({ ordersExpired }, 'abandoned checkouts expired');
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'credit cycle job failed; it runs again next interval');
      })
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, deps.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
