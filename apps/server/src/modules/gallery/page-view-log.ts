import type { Db } from '../../db/client';
import * as repo from './gallery.repository';

/**
 * Page views (document 1 §7) written in batches off the request path (ADR 040): an insert per
 * gallery load was a commit, and a WAL flush, on every request. Views wait at most `flushMs`, or
 * until `maxBatch` are waiting, and go in as one multi-row insert. `close()` writes every waiting
 * view and waits for writes in flight, so a graceful shutdown loses none; a failed write keeps
 * its views for the next attempt (bounded, so an unreachable database cannot grow memory
 * without end).
 */
export interface PageViewLog {
  record(userId: string, page: string, details: Record<string, unknown>): void;
  /** Writes everything waiting now (the shutdown path and tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

type View = Parameters<typeof repo.insertPageViews>[1][number];

export function createPageViewLog(
  db: Db,
  options: {
    flushMs?: number;
    maxBatch?: number;
    maxWaiting?: number;
    onError?: (e: unknown) => void;
  } = {},
): PageViewLog {
  const flushMs = options.flushMs ?? 1_000;
  const maxBatch = options.maxBatch ?? 500;
  const maxWaiting = options.maxWaiting ?? 50_000;
  let waiting: View[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return writing;
    // One write at a time, in order: a slow batch delays the next instead of piling up.
    writing = writing.then(async () => {
      try {
        await repo.insertPageViews(db, batch);
      } catch (error) {
        options.onError?.(error);
        waiting = [...batch, ...waiting].slice(-maxWaiting);
        schedule();
      }
    });
    return writing;
  };
  const schedule = () => {
    timer ??= setTimeout(() => void write(), flushMs);
    timer.unref();
  };

  return {
    record(userId, page, details) {
      waiting.push({ userId, page, details, createdAt: new Date() });
      if (waiting.length >= maxBatch) void write();
      else schedule();
    },
    flush: write,
    async close() {
      await write();
      // A batch that failed while closing was put back: one more try, then it is reported lost.
      if (waiting.length > 0) await write();
    },
  };
}
