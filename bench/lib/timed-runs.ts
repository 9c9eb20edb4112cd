// Repeated timing for the in-process benches: one warm-up run (module loading, libvips caches and
// the JIT would otherwise land in the first figure), then `runs` timed runs.

export async function timedRuns(
  runs: number,
  run: () => Promise<unknown>,
): Promise<{ median: number; max: number }> {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)] ?? NaN, max: ms.at(-1) ?? NaN };
}
