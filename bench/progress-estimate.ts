// The progress estimate's error (issue 30 item 2, ADR 049): how far the expected duration the
// progress view shows at a generation's start is from the time the generation then really took.
// The real app with its worker (buildApp, worker: true, the local engine and its real garment
// check) over a fresh embedded PostgreSQL; one seller runs each tool once per round, one at a time,
// through the real HTTP API, polling as the web does. Round 1 has no history (the tools' defaults);
// later rounds see the medians of the earlier ones as the server serves them. Rounds start a
// minute apart (the server reads the history at most once a minute, ADR 049), as a seller coming
// back later would see it; on a quiet machine a whole round takes seconds.
// Usage: node --import tsx bench/progress-estimate.ts [rounds=4] [tools=all, comma-separated]
import { setTimeout as delay } from 'node:timers/promises';
import { subscriptions } from '../apps/server/src/db/schema';
import { grant } from '../apps/server/src/modules/credits/credits.service';
import { BENCH_ORIGIN, startBenchApp } from './lib/bench-app';
import { photoLike } from './photo-like';
import { printTable } from './report';

const ROUNDS = Number(process.argv[2] ?? 4);
const ONLY = process.argv[3]?.split(',') ?? null;

interface Answer {
  generation: {
    status: string;
    stage: string | null;
    expectedMs: number | null;
    startedAt: string | null;
    finishedAt: string | null;
    error: string | null;
  };
}

const app = await startBenchApp('progress', { deps: () => ({ worker: true }) });
try {
  const user = await app.signUp('progress@example.com');
  await grant(app.database.db, {
    userId: user.id,
    amount: 10_000,
    key: 'bench-progress',
    kind: 'adjust',
    source: 'adjust',
    expiresAt: null,
    reason: 'bench',
  });
  const now = new Date();
  await app.database.db.insert(subscriptions).values({
    userId: user.id,
    type: 'pro_monthly',
    code: 401,
    status: 'active',
    startedAt: now,
    endsAt: new Date(now.getTime() + 30 * 86_400_000),
    monthlyCredits: 0,
    cyclesTotal: 0,
    transactionAt: now,
  });
  const headers = { cookie: user.cookie, origin: BENCH_ORIGIN };
  const upload = async (width: number, height: number) => {
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(await photoLike(width, height))], { type: 'image/jpeg' }),
      'photo.jpg',
    );
    const res = await fetch(`${app.address}/api/v1/uploads`, {
      method: 'POST',
      headers,
      body: form,
    });
    if (res.status !== 200) throw new Error(`upload: ${String(res.status)} ${await res.text()}`);
    return ((await res.json()) as { url: string }).url;
  };
  const garment = await upload(1200, 1600);
  const model = await upload(1200, 1600);
  const tools: [string, string, unknown][] = [
    [
      'try-on',
      '/api/v1/try-on/generate',
      { garment: { imageUrl: garment }, model: { kind: 'photo', imageUrl: model } },
    ],
    ['fashion-extractor', '/api/v1/fashion-extractor/generate', { inputImageUrls: [garment] }],
    ['background-removal', '/api/v1/background-removal', { imageUrl: garment }],
    ['upscaler', '/api/v1/upscaler', { imageUrl: garment, upscaleFactor: '2x' }],
    [
      'video-generation',
      '/api/v1/video/generate',
      { inputImageUrls: [garment], duration: 5, mode: 'performance' },
    ],
  ];
  const chosen = tools.filter(([name]) => !ONLY || ONLY.includes(name));
  const rows: string[][] = [['tool', 'round', 'expected s', 'actual s', 'error %']];
  const errors = new Map<string, number[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    const roundStart = Date.now();
    for (const [name, url, body] of chosen) {
      const res = await fetch(`${app.address}${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 202) throw new Error(`${name}: ${String(res.status)} ${await res.text()}`);
      const { generationId } = (await res.json()) as { generationId: string };
      let expectedAtStart: number | null = null;
      let sawRunning = false;
      let answer: Answer['generation'];
      for (;;) {
        const poll = await fetch(`${app.address}/api/v1/generations/${generationId}`, { headers });
        answer = ((await poll.json()) as Answer).generation;
        // What the view shows once the work starts (the web polls about every second); work done
        // before a poll saw it running keeps the estimate it showed while queued.
        const unfinished = ['queued', 'running'].includes(answer.status);
        if (answer.stage === 'running' && !sawRunning) {
          sawRunning = true;
          expectedAtStart = answer.expectedMs;
        } else if (unfinished && expectedAtStart === null) {
          expectedAtStart = answer.expectedMs;
        }
        if (!['queued', 'running'].includes(answer.status)) break;
        await delay(250);
      }
      if (answer.status !== 'succeeded') throw new Error(`${name}: ${String(answer.error)}`);
      const actual =
        new Date(answer.finishedAt ?? 0).getTime() - new Date(answer.startedAt ?? 0).getTime();
      const expected = expectedAtStart ?? NaN;
      const error = ((expected - actual) / actual) * 100;
      errors.set(name, [...(errors.get(name) ?? []), Math.abs(error)]);
      rows.push([
        name,
        String(round),
        (expected / 1000).toFixed(1),
        (actual / 1000).toFixed(1),
        `${error >= 0 ? '+' : ''}${error.toFixed(0)}`,
      ]);
      console.error(rows.at(-1)?.join('  '));
    }
    if (round < ROUNDS) await delay(Math.max(0, roundStart + 61_000 - Date.now()));
  }
  printTable(rows);
  console.log('\nMean absolute error, round 1 (defaults) and rounds 2+ (learned):');
  const summary: string[][] = [['tool', 'round 1 %', 'rounds 2+ %']];
  const all: number[] = [];
  for (const [name, list] of errors) {
    const learned = list.slice(1);
    all.push(...learned);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    summary.push([name, (list[0] ?? NaN).toFixed(0), mean(learned).toFixed(0)]);
  }
  summary.push([
    'all tools',
    '',
    (all.reduce((a, b) => a + b, 0) / Math.max(1, all.length)).toFixed(0),
  ]);
  printTable(summary);
} finally {
  await app.close();
}
