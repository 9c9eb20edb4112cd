import { sqlStateOf } from './sql-state';

/** PostgreSQL's codes for a transaction it aborted to break a cycle: deadlock, serialization. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a transaction again when PostgreSQL aborted it as a deadlock's victim (or a serialization
 * failure): nothing of it was committed, so running it again is what the caller meant. Bounded, with
 * a jittered pause, so a cycle that keeps coming back is reported instead of spinning.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = sqlStateOf(error);
      if (code === undefined || !RETRYABLE.has(code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
