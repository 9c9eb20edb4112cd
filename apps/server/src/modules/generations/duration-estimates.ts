import { GENERATION_TYPES, type GenerationType, type PriceInput } from '@studio/contract';
import type { DbOrTx } from '../../db/db-or-tx';
import { TOOLS } from './generation-tools';
import * as repo from './generations.repository';

/*
 * How long a generation usually takes once it starts (ADR 049): the median of a provider's recent
 * successful runs of the same tool and size, so the progress view can say so and animate toward it
 * instead of trusting a provider's own progress (the local engine reported 100 % after its first
 * step, and the bar then sat at 99 % through the saving and the garment check).
 */

/** Runs per provider and tool the estimate learns from (the newest). */
export const HISTORY_PER_TOOL = 20;
/** Runs of the very same size needed before their own median is used rather than a scaled one. */
export const MIN_SAME_SIZE = 3;
/** How long a process keeps a provider's history before reading it again (one query for all tools). */
export const ESTIMATES_TTL_MS = 60_000;

/**
 * Milliseconds per unit of work (one image, one 5-second clip) before a tool has any history:
 * the local engine's runs as issue 30 timed them on a loaded 2-core machine, one image each, so a
 * first estimate errs long rather than short. The first successful run replaces it.
 */
export const DEFAULT_UNIT_MS: Record<GenerationType, number> = {
  'try-on': 30_000,
  'realistic-try-on': 30_000,
  'ai-poses': 30_000,
  'fashion-extractor': 30_000,
  'ai-designer': 10_000,
  photoshoot: 15_000,
  'video-generation': 40_000,
  upscaler: 8_000,
  'background-removal': 25_000,
  // A cut-out, a crop or pad, an upscale and the check again: background removal's work and more.
  'listing-prepare': 30_000,
  // A colourway: the garment's mask and the photo's Lab once per set, then a shift and a measure.
  colourways: 5_000,
  // An angle set: the photo re-encoded, a garment mask and a crop upscaled, two previews (or two
  // model views on fal).
  'angle-set': 20_000,
};

/**
 * What decides how long one run of a tool takes: its price inputs (mode, images, templates,
 * duration, upscale factor), as a key (runs with the same key cost the same) and a number of units
 * (outputs times their size), by which a tool's median per unit scales to a size never run yet.
 */
export interface WorkSize {
  key: string;
  units: number;
}

const UPSCALE_UNITS: Record<NonNullable<PriceInput['upscaleFactor']>, number> = {
  // Output pixels against a 2x upscale: the resize and the encode follow them.
  '2x': 1,
  '4x': 4,
  '4k': 4,
};

export function workSizeOf(type: GenerationType, settings: unknown): WorkSize {
  const def = TOOLS[type];
  const parsed = def.schema.safeParse(settings);
  // Settings a tool no longer reads (an old row): an average run of the tool.
  if (!parsed.success) return { key: '?', units: 1 };
  const price = def.price(parsed.data);
  const units =
    Math.max(1, price.numImages ?? 1) *
    Math.max(1, price.templateCount ?? 1) *
    (price.durationSeconds ? price.durationSeconds / 5 : 1) *
    (price.upscaleFactor ? UPSCALE_UNITS[price.upscaleFactor] : 1);
  const key = Object.entries(price)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(',');
  return { key, units };
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

/** One remembered run: its size and how long it took. */
export interface Sample {
  key: string;
  units: number;
  ms: number;
}

export interface DurationEstimates {
  /** Expected milliseconds from start to finish for one run of `type` at `size`. */
  expectedMs(type: GenerationType, size: WorkSize): number;
}

/**
 * Estimates from each tool's samples, newest first:
 * 1. at least MIN_SAME_SIZE runs of the same size: the median of those;
 * 2. else any runs of the tool: their median per unit, times the units asked for;
 * 3. else the tool's default per unit, times the units.
 */
export function estimatesFrom(samples: ReadonlyMap<string, readonly Sample[]>): DurationEstimates {
  return {
    expectedMs(type, size) {
      const runs = samples.get(type) ?? [];
      const same = runs.filter((run) => run.key === size.key).slice(0, HISTORY_PER_TOOL);
      if (same.length >= MIN_SAME_SIZE) return Math.round(median(same.map((run) => run.ms)) ?? 0);
      const perUnit = median(runs.slice(0, HISTORY_PER_TOOL).map((run) => run.ms / run.units));
      return Math.round((perUnit ?? DEFAULT_UNIT_MS[type]) * size.units);
    },
  };
}

/** No history: the defaults alone. */
export const DEFAULT_ESTIMATES = estimatesFrom(new Map());

const isToolType = (type: string): type is GenerationType =>
  (GENERATION_TYPES as readonly string[]).includes(type);

/** Reads a provider's recent runs (one statement) and turns them into estimates. */
export async function loadEstimates(db: DbOrTx, provider: string): Promise<DurationEstimates> {
  // A tool's history is HISTORY_PER_TOOL runs of each size; read a few sizes' worth at once, so
  // a common size's median is not crowded out by a burst of another (the catalogue's pairs).
  const runs = await repo.recentDurations(db, provider, GENERATION_TYPES, HISTORY_PER_TOOL * 3);
  const samples = new Map<string, Sample[]>();
  for (const run of runs) {
    if (!isToolType(run.type) || run.durationMs <= 0) continue;
    const size = workSizeOf(run.type, run.settings);
    const list = samples.get(run.type) ?? [];
    list.push({ ...size, ms: run.durationMs });
    samples.set(run.type, list);
  }
  return estimatesFrom(samples);
}

interface Cached {
  at: number;
  estimates: Promise<DurationEstimates>;
}

/** Per database handle and provider: every poll of every generation reads the same few numbers. */
let cache = new WeakMap<object, Map<string, Cached>>();

/**
 * A provider's estimates, read at most once per ESTIMATES_TTL_MS per process (concurrent callers
 * share the read). A failed read answers the defaults and is tried again on the next call.
 */
export function durationEstimates(
  db: DbOrTx,
  provider: string,
  now = Date.now(),
): Promise<DurationEstimates> {
  let byProvider = cache.get(db);
  if (!byProvider) {
    byProvider = new Map();
    cache.set(db, byProvider);
  }
  const hit = byProvider.get(provider);
  if (hit && now - hit.at < ESTIMATES_TTL_MS) return hit.estimates;
  const entry: Cached = {
    at: now,
    estimates: loadEstimates(db, provider).catch(() => {
      if (byProvider.get(provider) === entry) byProvider.delete(provider);
      return DEFAULT_ESTIMATES;
    }),
  };
  byProvider.set(provider, entry);
  return entry.estimates;
}

/** Drops every cached history (tests that need an estimate learned a moment ago). */
export function forgetDurationEstimates(): void {
  cache = new WeakMap();
}

/** The expected duration of one generation row, from `estimates`. */
export function expectedMsOf(
  estimates: DurationEstimates,
  row: { type: string; settings: unknown },
): number | null {
  if (!isToolType(row.type)) return null;
  return estimates.expectedMs(row.type, workSizeOf(row.type, row.settings));
}
