import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { productPhoto } from '../../../test/generation-helpers';
import { seededRandom } from '../../platform/engine/shared';
import { plainBackgroundSegmenter } from '../../../test/plain-background-segmenter';
import {
  NO_GARMENT_SCORE,
  WHOLE_GARMENT,
  type Segmenter,
} from '../../platform/engine/garment-fidelity';
import {
  checkGarmentFidelity,
  FIDELITY_BUDGET_MS,
  fidelityCheckSignal,
  fidelityOfOutputs,
} from './fidelity.service';

const log: Pick<FastifyBaseLogger, 'info' | 'warn'> = {
  info: () => undefined,
  warn: () => undefined,
};
/** A segmentation that never ends: only the check's own signal can stop waiting for it. */
const hanging: Segmenter = () => new Promise(() => undefined);
const garment = { url: 'garment', spec: WHOLE_GARMENT };

describe("the garment-fidelity check's own time (ADR 037)", () => {
  it('is skipped when the deadline is close, and otherwise ends before it, never after its budget', () => {
    const shutdown = new AbortController().signal;
    const now = 1_000_000;
    expect(fidelityCheckSignal(shutdown, now + 20_000, now)).toBeNull();
    expect(fidelityCheckSignal(shutdown, now + 40_000, now)).not.toBeNull();
    expect(fidelityCheckSignal(shutdown, now + FIDELITY_BUDGET_MS * 10, now)).not.toBeNull();
    expect(fidelityCheckSignal(shutdown, Number.POSITIVE_INFINITY, now)).not.toBeNull();
  });

  it('is aborted by shutdown', () => {
    const shutdown = new AbortController();
    const signal = fidelityCheckSignal(shutdown.signal, Number.POSITIVE_INFINITY);
    shutdown.abort(new Error('shutting down'));
    expect(signal?.aborted).toBe(true);
  });

  it('leaves the result unscored, without throwing, when its signal aborts mid-check', async () => {
    const photo = await productPhoto();
    const controller = new AbortController();
    setTimeout(() => {
      controller.abort(new Error('budget spent'));
    }, 50);
    const started = Date.now();
    const scored = await fidelityOfOutputs(
      { segmenter: hanging, log },
      garment,
      [photo],
      () => Promise.resolve(photo),
      controller.signal,
    );
    expect(scored).toEqual({});
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('scores when it has the time, and is unscored when skipped', async () => {
    const photo = await productPhoto();
    const load = () => Promise.resolve(photo);
    const deps = { segmenter: plainBackgroundSegmenter, log };
    const signal = new AbortController().signal;
    expect(await fidelityOfOutputs(deps, garment, [photo], load, signal)).toMatchObject({
      fidelityPassed: true,
    });
    expect(await fidelityOfOutputs(deps, garment, [photo], load, null)).toEqual({});
  });
});

describe('checkGarmentFidelity', () => {
  it('fails an output in which no garment is found, rather than leaving the result unscored', async () => {
    const photo = await productPhoto();
    const blank = await sharp({
      create: { width: 400, height: 500, channels: 3, background: '#f2f2f2' },
    })
      .jpeg()
      .toBuffer();
    const signal = new AbortController().signal;
    const checked = await checkGarmentFidelity(
      plainBackgroundSegmenter,
      photo,
      [photo, blank],
      signal,
      WHOLE_GARMENT,
    );
    expect(checked).toEqual({
      fidelityColourDifference: NO_GARMENT_SCORE.colourDifference,
      fidelityPatternSimilarity: 0,
      fidelityPassed: false,
    });
  });

  it('finds an extraction’s source foreground once for all its outputs', async () => {
    const extracted = await productPhoto();
    // The source on a noise backdrop: not plain to the mask, so the model is asked for it.
    const random = seededRandom(5);
    const noise = Buffer.from(Array.from({ length: 400 * 500 * 3 }, () => random() * 255));
    const source = await sharp(noise, { raw: { width: 400, height: 500, channels: 3 } })
      .jpeg()
      .toBuffer();
    const segment = vi.fn(plainBackgroundSegmenter);
    const spec = { part: 'auto', reference: 'yes', result: 'no' } as const;
    const signal = new AbortController().signal;
    await checkGarmentFidelity(segment, source, [extracted, extracted, extracted], signal, spec);
    expect(segment.mock.calls.filter(([image]) => image === source)).toHaveLength(1);
  });
});
