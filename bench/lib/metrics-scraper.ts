// What Prometheus would see of a multi-process run (issue 37, ADR 062): every process's /metrics
// scraped on an interval, the last answer of each process incarnation kept (a restarted process
// starts its counters at zero; `process_start_time_seconds` tells incarnations apart), so the
// counters of a process that was killed still count with the values it had last shown. The bench
// scrapes a process once more right before it kills it, as Prometheus would have a moment before.
import { setTimeout as sleep } from 'node:timers/promises';
import { readExposition, sumOf, type Exposition } from '../../apps/server/test/prometheus-text';

export interface ScrapeTarget {
  name: string;
  url: string;
}

export interface MetricsSummary {
  /** Counters summed over every incarnation of every process. */
  sum(name: string, labels?: Record<string, string>): number;
  /** The highest value a gauge showed on any process in any scrape of the run. */
  peak(name: string, labels?: Record<string, string>): number;
  /** The gauge's maximum over the processes in the last scrape. */
  last(name: string, labels?: Record<string, string>): number;
  scrapes: number;
  failures: number;
  incarnations: number;
}

export class MetricsScraper {
  private readonly latest = new Map<string, Exposition>();
  private readonly peaks = new Map<string, number>();
  private lastRound: Exposition[] = [];
  private scrapes = 0;
  private failures = 0;
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly targets: () => ScrapeTarget[],
    private readonly intervalMs = 2_000,
    /** Called with each round's expositions, by process name (the bench compares them). */
    private readonly onRound?: (round: Map<string, Exposition>) => void | Promise<void>,
  ) {}

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        await this.round();
        await sleep(this.intervalMs);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  /** Scrapes one process now (before a kill); false when it did not answer. */
  async scrapeOne(name: string): Promise<boolean> {
    const target = this.targets().find((t) => t.name === name);
    return target ? (await this.scrape(target)) !== undefined : false;
  }

  /** One scrape of every process. */
  async round(): Promise<Map<string, Exposition>> {
    const answers = new Map<string, Exposition>();
    await Promise.all(
      this.targets().map(async (target) => {
        const exposition = await this.scrape(target);
        if (exposition) answers.set(target.name, exposition);
      }),
    );
    this.lastRound = [...answers.values()];
    await this.onRound?.(answers);
    return answers;
  }

  private async scrape(target: ScrapeTarget): Promise<Exposition | undefined> {
    try {
      const res = await fetch(target.url, { signal: AbortSignal.timeout(5_000) });
      if (res.status !== 200) throw new Error(`HTTP ${String(res.status)}`);
      const exposition = readExposition(await res.text());
      const started = sumOf(exposition, 'process_start_time_seconds');
      this.latest.set(`${target.name}@${String(started)}`, exposition);
      for (const sample of exposition.samples) {
        const key = sampleKey(sample.name, sample.labels);
        if (!(sample.value <= (this.peaks.get(key) ?? -Infinity)))
          this.peaks.set(key, sample.value);
      }
      this.scrapes++;
      return exposition;
    } catch {
      this.failures++; // a killed or restarting process, or PostgreSQL away: the next round will do
      return undefined;
    }
  }

  summary(): MetricsSummary {
    const all = [...this.latest.values()];
    const matching = (name: string, labels: Record<string, string>) =>
      [...this.peaks.entries()]
        .filter(([key]) => key.startsWith(`${name}{`))
        .filter(([key]) => Object.entries(labels).every(([k, v]) => key.includes(`${k}=${v};`)))
        .map(([, value]) => value);
    return {
      sum: (name, labels = {}) => all.reduce((total, e) => total + sumOf(e, name, labels), 0),
      peak: (name, labels = {}) => Math.max(0, ...matching(name, labels)),
      last: (name, labels = {}) =>
        Math.max(
          0,
          ...this.lastRound.flatMap((e) =>
            e.samples
              .filter((s) => s.name === name)
              .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
              .map((s) => s.value),
          ),
        ),
      scrapes: this.scrapes,
      failures: this.failures,
      incarnations: this.latest.size,
    };
  }
}

const sampleKey = (name: string, labels: Record<string, string>) =>
  `${name}{${Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v};`)
    .join('')}}`;
