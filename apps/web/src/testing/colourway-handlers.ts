import type { ColourwayGeneration, ColourwaySet } from '@studio/contract/responses';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { estimateHandler, mediaUrl, modesHandler, uploadHandler } from './generation-handlers';
import { errorResponse } from './server';

export interface SentVariant {
  name: string;
  colour: string;
}

/** A variant's generation as the set answers it, finished and matched unless told otherwise. */
export function colourwayGeneration(
  variant: SentVariant,
  index: number,
  fields: Partial<ColourwayGeneration> = {},
): ColourwayGeneration {
  return {
    generationId: `gen_cw_${String(index + 1)}`,
    variant,
    status: 'succeeded',
    outputUrl: mediaUrl(`cw_${String(index + 1)}`),
    thumbnailUrl: `${mediaUrl(`cw_${String(index + 1)}`)}/thumbnail`,
    measure: { deltaE: 0.4 + index / 10, measured: variant.colour, passed: true, reason: null },
    error: null,
    ...fields,
  };
}

export interface ColourwayFake {
  /** Bodies of `POST /colourways/generate`, in order. */
  sent: Record<string, unknown>[];
  /** The set answered once started: every variant queued on the POST, then as `finish` makes it. */
  finish: (variant: SentVariant, index: number) => ColourwayGeneration;
  /** A refusal of the POST instead (status, code, message). */
  refuse?: [number, string, string];
}

/**
 * The colourways screen's calls for a signed-in user: modes, an estimate, uploads, and the set:
 * `POST /colourways/generate` answers every variant queued, `GET /colourways/:id` answers them
 * as `fake.finish` has them.
 */
export function colourwayHandlers(fake: ColourwayFake): RequestHandler[] {
  let set: ColourwaySet | null = null;
  return [
    modesHandler('free'),
    estimateHandler({ creditCost: 2 }),
    uploadHandler(),
    http.post('/api/v1/colourways/generate', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown> & { variants: SentVariant[] };
      fake.sent.push(body);
      if (fake.refuse) return errorResponse(...fake.refuse);
      set = {
        success: true,
        setId: 'cws_1',
        name: null,
        sourceImageUrl: String(body.imageUrl),
        generations: body.variants.map((variant, index) =>
          colourwayGeneration(variant, index, {
            status: 'queued',
            outputUrl: null,
            thumbnailUrl: null,
            measure: null,
          }),
        ),
      };
      return HttpResponse.json(set, { status: 202 });
    }),
    http.get('/api/v1/colourways/:setId', () => {
      if (!set) return errorResponse(404, 'not_found', 'No such colourway set.');
      set = {
        ...set,
        generations: set.generations.map((g, index) => fake.finish(g.variant, index)),
      };
      return HttpResponse.json(set);
    }),
  ];
}
