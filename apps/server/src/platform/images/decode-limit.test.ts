import { describe, expect, it } from 'vitest';
import { createDecodeLimit } from './decode-limit';

/** A task the test finishes by hand, recording how many ran beside it when it started. */
function gate() {
  let open: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the decode limit', () => {
  it('runs at most N tasks at once, queues the rest in order, and completes every one', async () => {
    const limit = createDecodeLimit(3);
    const gates = Array.from({ length: 10 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const results = gates.map((g, i) =>
      limit.run(async () => {
        running++;
        most = Math.max(most, running);
        started.push(i);
        await g.done;
        running--;
        return i;
      }),
    );
    await flush();
    expect(started).toEqual([0, 1, 2]);
    expect(limit.stats()).toEqual({ active: 3, queued: 7, peak: 3 });
    // Finish them out of order: each finish lets exactly the next waiting one in.
    for (const i of [1, 0, 2, 4, 3, 5, 6, 7, 8, 9]) {
      gates[i]?.open();
      await flush();
      expect(limit.stats().active).toBeLessThanOrEqual(3);
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
    expect(limit.stats()).toEqual({ active: 0, queued: 0, peak: 3 });
  });

  it('frees the slot of a task that fails, and lets waiting work in when the limit grows', async () => {
    const limit = createDecodeLimit(1);
    const first = gate();
    const failing = limit.run(() => first.done);
    const second = limit.run(async () => 'second');
    const third = limit.run(async () => 'third');
    await flush();
    expect(limit.stats()).toMatchObject({ active: 1, queued: 2 });
    first.fail(new Error('corrupt image'));
    await expect(failing).rejects.toThrow('corrupt image');
    expect(await Promise.all([second, third])).toEqual(['second', 'third']);

    const a = gate();
    const b = gate();
    const runA = limit.run(() => a.done);
    const runB = limit.run(() => b.done);
    await flush();
    expect(limit.stats()).toMatchObject({ active: 1, queued: 1 });
    limit.resize(2);
    expect(limit.stats()).toMatchObject({ active: 2, queued: 0 });
    a.open();
    b.open();
    await Promise.all([runA, runB]);
    expect(limit.stats()).toMatchObject({ active: 0, queued: 0, peak: 2 });
  });
});
