import { http, HttpResponse } from 'msw';
import type { BatchItem, Generation, TryOnBatch } from '@studio/contract';
import { generationFixture, latestCatalogueHandler, mediaUrl } from './generation-handlers';
import { errorResponse } from './server';

/** `POST /uploads` answering each file with its own stored URL: upload_1, upload_2… */
export function numberedUploadsHandler({ failFirst }: { failFirst?: string } = {}) {
  let next = 0;
  return http.post('/api/v1/uploads', () => {
    next += 1;
    if (failFirst !== undefined && next === 1) {
      return errorResponse(415, 'unsupported_media_type', failFirst);
    }
    const url = mediaUrl(`upload_${String(next)}`);
    return HttpResponse.json({
      success: true,
      uploaded: [
        {
          id: `upload_${String(next)}`,
          url,
          thumbnailUrl: `${url}/thumbnail`,
          previewUrl: `${url}/preview`,
          contentType: 'image/png',
          width: 800,
          height: 1200,
          bytes: 1024,
          thumbhash: 'AAAA',
        },
      ],
    });
  });
}

/** A pair's generation: a try-on in `status`, with one photo once it succeeded. */
export function pairGeneration(
  garmentIndex: number,
  modelIndex: number,
  overrides: Partial<Generation> = {},
): Generation {
  const id = `gen_${String(garmentIndex)}_${String(modelIndex)}`;
  return generationFixture({
    id,
    type: 'try-on',
    status: 'succeeded',
    progress: 100,
    queuePosition: null,
    creditCost: 1,
    prompt: '',
    imageUrls: [mediaUrl(`out_${String(garmentIndex)}_${String(modelIndex)}`)],
    ...overrides,
  });
}

/**
 * A catalogue of `garments` × `models` whose counts, status and refunds follow its items, as
 * the server reports them; `item` sets each pair's generation (succeeded by default).
 */
export function batchFixture({
  garmentNames = ['red-dress'],
  modelNames = ['Ava'],
  item = (g, m) => pairGeneration(g, m),
  ...overrides
}: {
  garmentNames?: string[];
  modelNames?: string[];
  item?: (garmentIndex: number, modelIndex: number) => Generation;
} & Partial<TryOnBatch> = {}): TryOnBatch {
  const items: BatchItem[] = garmentNames.flatMap((_, g) =>
    modelNames.map((__, m) => ({ garmentIndex: g, modelIndex: m, generation: item(g, m) })),
  );
  const count = (...statuses: Generation['status'][]) =>
    items.filter((i) => statuses.includes(i.generation.status)).length;
  const refunded = items
    .filter((i) => ['failed', 'canceled'].includes(i.generation.status))
    .reduce((sum, i) => sum + i.generation.creditCost, 0);
  const active = count('queued', 'running');
  return {
    id: 'batch_1',
    name: 'Summer kurtas',
    createdAt: '2026-11-24T10:00:00.000Z',
    status: active > 0 ? 'running' : 'finished',
    garments: garmentNames.map((name, g) => ({
      imageUrl: mediaUrl(`upload_${String(g + 1)}`),
      name,
    })),
    models: modelNames.map((name, m) => ({
      imageUrl: mediaUrl(`template_${String(m + 1)}`),
      name,
    })),
    category: 'auto',
    garmentPhotoType: 'auto',
    numImages: 1,
    mode: 'performance',
    counts: {
      total: items.length,
      succeeded: count('succeeded'),
      failed: count('failed'),
      canceled: count('canceled'),
      active,
    },
    creditCost: items.reduce((sum, i) => sum + i.generation.creditCost, 0) - refunded,
    refunded,
    items,
    zipUrl: count('succeeded') > 0 ? '/api/v1/try-on/batches/batch_1/zip' : null,
    ...overrides,
  };
}

export interface RecordedCatalogue {
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/**
 * The catalogue calls: start (recorded, 202), reads that walk through `states` (the last one
 * stays) and cancel (answering `canceled`, or the last state).
 */
export function catalogueHandlers({
  calls = [],
  states,
  canceled,
  reads = { count: 0 },
  latest = null,
}: {
  calls?: RecordedCatalogue[];
  states: TryOnBatch[];
  canceled?: TryOnBatch;
  reads?: { count: number };
  /** What `GET /try-on/batches/latest` answers: the catalogue /try-on shows again, or none. */
  latest?: TryOnBatch | null;
}) {
  let index = 0;
  const current = () => states[Math.min(index, states.length - 1)];
  return [
    http.post('/api/v1/try-on/batches', async ({ request }) => {
      calls.push({
        body: (await request.json()) as Record<string, unknown>,
        idempotencyKey: request.headers.get('idempotency-key'),
      });
      const first = current();
      return HttpResponse.json(
        {
          success: true,
          batchId: first?.id ?? 'batch_1',
          pairs: first?.counts.total ?? 1,
          creditCost: first?.creditCost ?? 1,
        },
        { status: 202 },
      );
    }),
    latestCatalogueHandler(latest),
    http.get('/api/v1/try-on/batches/:id', () => {
      const state = current();
      index += 1;
      reads.count += 1;
      return HttpResponse.json({ success: true, batch: state });
    }),
    http.post('/api/v1/try-on/batches/:id/cancel', () =>
      HttpResponse.json({ success: true, batch: canceled ?? current() }),
    ),
  ];
}
