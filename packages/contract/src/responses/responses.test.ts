import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { paginate } from '../pagination';
import * as responses from './index';
import {
  accessResponseSchema,
  creditsResponseSchema,
  estimateResponseSchema,
  generationAcceptedSchema,
  generationHistoryResponseSchema,
  generationResponseSchema,
  orderHistoryResponseSchema,
  pastGenerationsResponseSchema,
  sessionResponseSchema,
  templateItemSchema,
  usageByTypeSchema,
  videoTemplatesResponseSchema,
  type Generation,
  type GenerationHistoryItem,
  type OrderHistoryItem,
} from './index';

const generation: Generation = {
  id: 'gen_1',
  type: 'upscaler',
  status: 'running',
  progress: 40,
  queuePosition: null,
  stage: 'running',
  expectedMs: 8000,
  elapsedMs: 3400,
  creditCost: 1,
  prompt: 'Upscale 2x',
  imageUrls: [],
  videoUrls: [],
  inputImageUrls: ['/api/v1/media/upload_1'],
  previewNote: null,
  error: null,
  cancelRequested: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  startedAt: '2026-11-21T10:00:01.000Z',
  finishedAt: null,
  fidelity: null,
  credentials: null,
  views: null,
};

const galleryItem = {
  generationId: 'g1',
  type: 'try-on',
  timestamp: '2026-01-10T12:00:00.000Z',
  prompt: 'Model wearing outfit',
  styleName: 'Studio',
  numberOfImages: 2,
  numberOfVideos: 0,
  imageUrlList: ['/api/v1/media/g1-1', '/api/v1/media/g1-2'],
  videoUrlList: [],
  inputImageUrls: ['/api/v1/media/g1-input'],
  thumbnailUrl: '/api/v1/media/g1-1/thumbnail',
  thumbhash: 'AAAA',
  madeFrom: 'g0',
  fidelity: {
    passed: false,
    colourDifference: 8.2,
    patternSimilarity: 0.91,
    freeRegenerationOffered: true,
    freeRegenerationId: null,
  },
  credentials: {
    sourceType: 'trainedAlgorithmicMedia' as const,
    generator: 'AI Product Studio 1.0.0',
    model: 'fal-ai/fashn/tryon/v1.6',
    signedBy: 'AI Product Studio',
    signedAt: '2026-01-10T12:00:00.000Z',
    marked: 2,
    outputs: 2,
    verified: true,
  },
  views: [
    { url: '/api/v1/media/a', view: 'front' as const, slot: 'main' as const },
    { url: '/api/v1/media/b', view: 'detail' as const, slot: 'swatch' as const },
  ],
  group: { id: 'cws_1', kind: 'colourways' as const, size: 6, index: 2 },
};

const orderRow: OrderHistoryItem = {
  id: 'order_1',
  created_at: '2026-01-10T12:00:00.000Z',
  plan_display_name: 'Pro Monthly',
  credits_received: 40,
  amount: 10,
  currency: 'USD',
  status: 'completed',
  source: 'order',
};

const usageRow: GenerationHistoryItem = {
  id: 'gen_1',
  timestamp: '2026-01-10T12:00:00.000Z',
  generation_type: 'upscaler',
  display_name: 'Image Upscaler',
  prompt: '',
  credits_used: 2,
  status: 'succeeded',
  details: {
    imageUrls: ['/api/v1/media/out'],
    videoUrls: [],
    inputImageUrls: ['/api/v1/media/in'],
    styleName: null,
    numberOfImages: 1,
    numberOfVideos: 0,
  },
};

const readable = (schema: z.core.$ZodType, body: unknown) => z.safeParse(schema, body).success;
const encodable = (schema: z.core.$ZodType, body: unknown) => z.safeEncode(schema, body).success;

describe('response schemas on the server (encoding)', () => {
  it('serialise a complete answer unchanged', () => {
    const body = { success: true as const, generation };
    expect(z.encode(generationResponseSchema, body)).toEqual(body);
    const page = {
      success: true as const,
      data: [galleryItem],
      pagination: paginate(1, 12, 1),
      message: 'Generations retrieved',
    };
    expect(z.encode(pastGenerationsResponseSchema, page)).toEqual(page);
    const estimate = {
      success: true as const,
      creditCost: 2,
      canAfford: true,
      available: 5,
      message: '',
    };
    expect(z.encode(estimateResponseSchema, estimate)).toEqual(estimate);
  });

  it('stay strict where the browser is lenient: a missing or odd field is an error', () => {
    const { imageUrls: _images, ...withoutImages } = generation;
    expect(encodable(generationResponseSchema, { success: true, generation: withoutImages })).toBe(
      false,
    );
    expect(
      encodable(generationResponseSchema, {
        success: true,
        generation: { ...generation, progress: 4.5 },
      }),
    ).toBe(false);
    expect(
      encodable(estimateResponseSchema, {
        success: true,
        creditCost: 2,
        available: 5,
        message: '',
      }),
    ).toBe(false);
    const { numberOfImages: _count, ...withoutCount } = galleryItem;
    expect(
      encodable(pastGenerationsResponseSchema, {
        success: true,
        data: [withoutCount],
        pagination: paginate(1, 12, 1),
        message: '',
      }),
    ).toBe(false);
  });

  it('keep a usage map strict per entry', () => {
    const entry = { display_name: 'Image Upscaler', credits_used: 2, count: 1 };
    expect(encodable(usageByTypeSchema, { upscaler: entry })).toBe(true);
    expect(encodable(usageByTypeSchema, { upscaler: { ...entry, count: undefined } })).toBe(false);
  });

  it('can all be documented: none uses a one-way transform, which encoding cannot run', () => {
    let documented = 0;
    for (const [name, schema] of Object.entries(responses)) {
      if (!(schema instanceof z.core.$ZodType)) continue;
      expect(() => z.toJSONSchema(schema, { io: 'output' }), name).not.toThrow();
      documented += 1;
    }
    expect(documented).toBeGreaterThan(30);
  });
});

describe('response schemas in the browser (decoding)', () => {
  it('read a generation as the server sends it', () => {
    expect(generationResponseSchema.parse({ success: true, generation })).toEqual({
      success: true,
      generation,
    });
  });

  it('clamp and round progress, and read a queue position below 1 as none', () => {
    const read = generationResponseSchema.parse({
      success: true,
      generation: { ...generation, progress: 140.2, queuePosition: 0 },
    }).generation;
    expect(read.progress).toBe(100);
    expect(read.queuePosition).toBeNull();
    expect(
      generationResponseSchema.parse({ success: true, generation: { ...generation, progress: -3 } })
        .generation.progress,
    ).toBe(0);
  });

  it('fill the optional fields of a generation with empty values', () => {
    const read = generationResponseSchema.parse({
      success: true,
      generation: { id: 'gen_1', type: 'upscaler', status: 'queued', imageUrls: ['/a', 7] },
    }).generation;
    expect(read).toMatchObject({
      progress: 0,
      queuePosition: null,
      stage: null,
      expectedMs: null,
      elapsedMs: null,
      creditCost: 0,
      prompt: '',
      imageUrls: [],
      videoUrls: [],
      previewNote: null,
      createdAt: '',
      fidelity: null,
    });
  });

  it('read an unreadable fidelity check as none, and its offer as not made when left out', () => {
    const read = (fidelity: unknown) =>
      generationResponseSchema.parse({ success: true, generation: { ...generation, fidelity } })
        .generation.fidelity;
    expect(read({ passed: 'yes' })).toBeNull();
    expect(read({ passed: false, colourDifference: 9, patternSimilarity: 0.8 })).toEqual({
      passed: false,
      colourDifference: 9,
      patternSimilarity: 0.8,
      freeRegenerationOffered: false,
      freeRegenerationId: null,
    });
  });

  it('read content credentials with a source type this build does not know as none', () => {
    const read = (credentials: unknown) =>
      generationResponseSchema.parse({ success: true, generation: { ...generation, credentials } })
        .generation.credentials;
    expect(read({ ...galleryItem.credentials, sourceType: 'madeUpMedia' })).toBeNull();
    expect(read(galleryItem.credentials)).toEqual(galleryItem.credentials);
  });

  it.each([
    ['an unknown status', { success: true, generation: { ...generation, status: 'done' } }],
    ['an unknown type', { success: true, generation: { ...generation, type: 'magic' } }],
    ['a failure envelope', { success: false, generation }],
  ])('refuse a generation with %s', (_case, body) => {
    expect(readable(generationResponseSchema, body)).toBe(false);
  });

  it.each([
    [{ success: true, generationId: 'g1', status: 'pending' }],
    [{ success: false, generationId: 'g1', status: 'queued' }],
  ])('refuse the accepted answer %j', (body) => {
    expect(readable(generationAcceptedSchema, body)).toBe(false);
  });

  it('work out affordability when an estimate leaves it out', () => {
    expect(estimateResponseSchema.parse({ success: true, creditCost: 2, available: 5 })).toEqual({
      success: true,
      creditCost: 2,
      available: 5,
      canAfford: true,
      message: '',
    });
    expect(
      estimateResponseSchema.parse({ success: true, creditCost: 4, available: 3, canAfford: true })
        .canAfford,
    ).toBe(true);
    expect(readable(estimateResponseSchema, { success: true, creditCost: 2 })).toBe(false);
  });

  it('drop modes, tools and plans they do not know, but refuse an unknown plan of the user', () => {
    const access = accessResponseSchema.parse({
      success: true,
      plan: 'plus',
      modes: [
        { value: 'performance', label: 'Performance', disabled: false, requiresPlan: [] },
        { value: 'turbo', label: 'Turbo', disabled: false, requiresPlan: [] },
        { value: 'quality', label: 'Quality', disabled: true, requiresPlan: ['gold', 'pro'] },
      ],
      tools: [{ type: 'video-generation', allowed: false, requiresPlan: ['pro'] }, { type: 'x' }],
    });
    expect(access.modes.map((mode) => [mode.value, mode.requiresPlan])).toEqual([
      ['performance', []],
      ['quality', ['pro']],
    ]);
    expect(access.tools).toEqual([
      { type: 'video-generation', allowed: false, requiresPlan: ['pro'] },
    ]);
    expect(readable(accessResponseSchema, { success: true, plan: 'gold', modes: [] })).toBe(false);
  });

  it('fill missing gallery details with safe defaults; counts follow the lists', () => {
    const read = pastGenerationsResponseSchema.parse({
      success: true,
      data: [
        {
          generationId: 'g1',
          type: 'upscaler',
          // A list with a non-string is unreadable as a whole, and the count follows the list.
          imageUrlList: ['/api/v1/media/a', 42],
          videoUrlList: ['/api/v1/media/v'],
        },
      ],
      pagination: { page: 1, limit: 12, totalItems: 1, totalPages: 1 },
    });
    expect(read.data[0]).toEqual({
      generationId: 'g1',
      type: 'upscaler',
      timestamp: '',
      prompt: '',
      styleName: null,
      numberOfImages: 0,
      numberOfVideos: 1,
      imageUrlList: [],
      videoUrlList: ['/api/v1/media/v'],
      inputImageUrls: [],
      thumbnailUrl: null,
      thumbhash: null,
      madeFrom: null,
      fidelity: null,
      credentials: null,
      views: null,
      group: null,
    });
    expect(read.pagination).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
    expect(read.message).toBe('');
  });

  it.each([
    ['a failure envelope', { success: false, data: [] }],
    ['no list', { success: true, pagination: {} }],
    ['no pagination', { success: true, data: [] }],
    ['an item without an id', { success: true, data: [{ type: 'try-on' }], pagination: {} }],
    ['not an object', 'Generations retrieved'],
  ])('refuse a gallery page with %s', (_case, body) => {
    expect(readable(pastGenerationsResponseSchema, body)).toBe(false);
  });

  it('read purchase rows without a source as orders', () => {
    const { source: _source, ...row } = orderRow;
    const read = orderHistoryResponseSchema.parse({
      success: true,
      current_balance: 40,
      order_history: [row],
    });
    expect(read.order_history[0]?.source).toBe('order');
    expect(read).toMatchObject({ total_credits_purchased: 0, total_orders: 0 });
  });

  it.each([
    ['a failed answer', { success: false }],
    ['a missing list', { success: true, current_balance: 0 }],
    ['a missing balance', { success: true, order_history: [] }],
    [
      'a row without credits',
      {
        success: true,
        current_balance: 0,
        order_history: [{ ...orderRow, credits_received: '40' }],
      },
    ],
  ])('refuse an order history with %s', (_case, body) => {
    expect(readable(orderHistoryResponseSchema, body)).toBe(false);
  });

  it('read usage rows without details as empty, with counts from the lists', () => {
    const { details: _details, ...row } = usageRow;
    const read = generationHistoryResponseSchema.parse({
      success: true,
      current_balance: 9,
      generation_history: [
        row,
        { ...usageRow, details: { imageUrls: ['/a', '/b'], numberOfVideos: 'x' } },
      ],
    });
    expect(read.generation_history.map((item) => item.details)).toEqual([
      {
        imageUrls: [],
        videoUrls: [],
        inputImageUrls: [],
        styleName: null,
        numberOfImages: 0,
        numberOfVideos: 0,
      },
      {
        imageUrls: ['/a', '/b'],
        videoUrls: [],
        inputImageUrls: [],
        styleName: null,
        numberOfImages: 2,
        numberOfVideos: 0,
      },
    ]);
    expect(read.usage_by_type).toEqual({});
    expect(
      readable(generationHistoryResponseSchema, {
        success: true,
        current_balance: 9,
        generation_history: [{ ...usageRow, status: 'exploded' }],
      }),
    ).toBe(false);
  });

  it.each([
    [{ success: false, credits: 42 }],
    [{ success: true }],
    [{ success: true, credits: '42' }],
    [{ success: true, credits: Number.NaN }],
    [null],
  ])('refuse the balance %j', (body) => {
    expect(readable(creditsResponseSchema, body)).toBe(false);
  });

  it('drop video templates without an id or video', () => {
    const read = videoTemplatesResponseSchema.parse({
      success: true,
      videoTemplates: [{ videoId: '1' }, { videoUrl: '/v/x' }, { videoId: '3', videoUrl: '/v/3' }],
    });
    expect(read.videoTemplates).toEqual([
      { videoId: '3', videoUrl: '/v/3', thumbnailUrl: '', duration: 5, type: 'tryon' },
    ]);
  });

  it("read a model template's missing category as General", () => {
    expect(
      templateItemSchema.parse({
        templateId: '1',
        templateName: 'Ava',
        templateUrl: '/api/v1/media/t1',
        templateDescription: 'Studio portrait',
        prompt: 'a model',
      }).category,
    ).toBe('General');
  });

  it('read a session user without an image or providers', () => {
    expect(
      sessionResponseSchema.parse({ user: { id: 'u1', email: 'a@b.c', name: 'Ada' } }).user,
    ).toEqual({ id: 'u1', email: 'a@b.c', name: 'Ada', image: null, providers: [] });
    expect(readable(sessionResponseSchema, {})).toBe(false);
  });
});

describe('paginate', () => {
  it('counts the pages and says whether there are more either way', () => {
    expect(paginate(2, 12, 30)).toEqual({
      page: 2,
      limit: 12,
      totalItems: 30,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    expect(paginate(1, 12, 0)).toMatchObject({ totalPages: 0, hasNextPage: false });
  });
});
