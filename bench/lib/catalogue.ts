// A try-on catalogue for a bench (ADR 017) without running its engine jobs: started through the
// real `POST /api/v1/try-on/batches` (timed: one reservation and one job per pair), then every pair
// marked succeeded with the given outputs stored through the media service. Imports server code:
// benches whose client is a forked copy of the bench script load this with a dynamic import.
import type { Db } from '../../apps/server/src/db/client';
import { grant } from '../../apps/server/src/modules/credits/credits.service';
import {
  finishGeneration,
  listBatchGenerations,
} from '../../apps/server/src/modules/generations/generations.service';
import { mediaUrls, storeImage } from '../../apps/server/src/modules/media/media.service';
import type { ProcessedImage } from '../../apps/server/src/platform/images/process-image';
import type { Storage } from '../../apps/server/src/platform/storage/storage';
import { BENCH_ORIGIN } from './bench-app';

export interface CatalogueOptions {
  garments: number;
  models: number;
  imagesPerPair: number;
  /** Stored once per garment and per model (only the outputs are listed or zipped). */
  input: ProcessedImage;
  /** The pairs' outputs, taken in turn and each stored again for every image. */
  outputs: readonly ProcessedImage[];
}

export interface Catalogue {
  batchId: string;
  /** How many output images the catalogue holds. */
  images: number;
  /** How long `POST /try-on/batches` took. */
  acceptMs: number;
  creditCost: number;
}

/**
 * Grants `user` 1,000 credits, starts a catalogue of `Garment n summer` × `Model n` through the API,
 * then makes every pair succeed with stored outputs.
 */
export async function seedCatalogue(
  deps: { address: string; db: Db; storage: Storage },
  user: { cookie: string; id: string },
  options: CatalogueOptions,
): Promise<Catalogue> {
  await grant(deps.db, {
    userId: user.id,
    amount: 1000,
    key: `bench:${user.id}`,
    kind: 'adjust',
    source: 'adjust',
    expiresAt: null,
    reason: 'bench',
  });
  const store = async () =>
    mediaUrls((await storeImage(deps, user.id, 'upload', options.input)).id).url;
  const garments = [];
  for (let g = 0; g < options.garments; g++) {
    garments.push({ imageUrl: await store(), name: `Garment ${String(g + 1)} summer` });
  }
  const models = [];
  for (let m = 0; m < options.models; m++) {
    models.push({ kind: 'photo', imageUrl: await store(), name: `Model ${String(m + 1)}` });
  }
  const accepting = performance.now();
  const started = await fetch(`${deps.address}/api/v1/try-on/batches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN, cookie: user.cookie },
    body: JSON.stringify({
      name: `Bench ${String(options.garments)} × ${String(options.models)}`,
      garments,
      models,
      numImages: options.imagesPerPair,
    }),
  });
  if (started.status !== 202) {
    throw new Error(`batch refused: ${String(started.status)} ${await started.text()}`);
  }
  const acceptMs = performance.now() - accepting;
  const { batchId, creditCost } = (await started.json()) as {
    batchId: string;
    creditCost: number;
  };
  let n = 0;
  for (const row of await listBatchGenerations(deps.db, batchId)) {
    const imageUrls: string[] = [];
    for (let i = 0; i < options.imagesPerPair; i++) {
      const output = options.outputs[n++ % options.outputs.length];
      if (!output) throw new Error('no output fixture');
      const stored = await storeImage(deps, user.id, 'output', output, { generationId: row.id });
      imageUrls.push(mediaUrls(stored.id).url);
    }
    await finishGeneration(deps.db, row.id, { status: 'succeeded', imageUrls });
  }
  return { batchId, images: n, acceptMs, creditCost };
}
