/**
 * Request and response examples of the API reference, by operationId (openapi.ts attaches them;
 * openapi.int.test.ts has Redocly check each one against its schema). Kept here on the server: the
 * contract's response schemas also ship to the browser, which has no use for examples.
 */

const MEDIA = '/api/v1/media/q2TAbk7yP0nW3vXcR8sLdg';
const OUTPUT = '/api/v1/media/Zf81rKmB4uQe2o9TjW6HcA';
const GENERATION_ID = 'gen_3kPq9sVb2WmXy7Lr';
const AT = '2026-11-30T09:15:04.000Z';

const uploaded = {
  id: 'q2TAbk7yP0nW3vXcR8sLdg',
  url: MEDIA,
  thumbnailUrl: `${MEDIA}/thumbnail`,
  previewUrl: `${MEDIA}/preview`,
  contentType: 'image/jpeg',
  width: 1200,
  height: 1500,
  bytes: 284_113,
  thumbhash: 'mPcJHQR4iIZ3h3eHd4eIeHd4iHd4',
};

const queued = { success: true, generationId: GENERATION_ID, status: 'queued' };

const upscaled = {
  success: true,
  generationId: GENERATION_ID,
  status: 'succeeded',
  imageUrls: [OUTPUT],
  videoUrlList: [],
  message: 'Generation completed',
};

const generation = {
  id: GENERATION_ID,
  type: 'upscaler',
  status: 'succeeded',
  progress: 100,
  queuePosition: null,
  stage: null,
  expectedMs: null,
  elapsedMs: 2140,
  creditCost: 1,
  prompt: '',
  imageUrls: [OUTPUT],
  videoUrls: [],
  inputImageUrls: [MEDIA],
  previewNote: null,
  error: null,
  cancelRequested: false,
  createdAt: AT,
  startedAt: '2026-11-30T09:15:04.310Z',
  finishedAt: '2026-11-30T09:15:06.450Z',
  fidelity: null,
  credentials: {
    sourceType: 'algorithmicallyEnhanced',
    generator: 'AI Product Studio',
    model: null,
    signedBy: 'AI Product Studio',
    signedAt: '2026-11-30T09:15:06.400Z',
    marked: 1,
    outputs: 1,
    verified: true,
  },
  views: null,
};

export const OPERATION_EXAMPLES: Record<
  string,
  { request?: unknown; responses?: Record<string, unknown> }
> = {
  postUploads: {
    responses: { 200: { success: true, uploaded: [uploaded], urls: [MEDIA], url: MEDIA } },
  },
  postUpscaler: {
    request: { imageUrl: MEDIA, upscaleFactor: '2x' },
    responses: { 200: upscaled, 202: queued },
  },
  postBackgroundRemoval: {
    request: { imageUrl: MEDIA },
    responses: { 200: { ...upscaled, message: 'Generation completed' }, 202: queued },
  },
  getGenerationsById: { responses: { 200: { success: true, generation } } },
  postGenerationsByIdCancel: {
    responses: {
      200: {
        success: true,
        generation: {
          ...generation,
          status: 'canceled',
          progress: 0,
          creditCost: 0,
          imageUrls: [],
          elapsedMs: null,
          startedAt: null,
          finishedAt: '2026-11-30T09:15:05.020Z',
          credentials: null,
        },
      },
    },
  },
  postTryOnBatches: {
    request: {
      name: 'Winter kurtas',
      garments: [
        { imageUrl: MEDIA, name: 'Indigo kurta' },
        { imageUrl: '/api/v1/media/Pw0nX4b9Tt2mQy7cVd1ZsA', name: 'Rust kurta' },
      ],
      models: [{ kind: 'template', templateId: 'model-aanya' }],
      mode: 'balanced',
    },
    responses: { 202: { success: true, batchId: 'bat_Hn2xQ8rTfV4kLm0p', pairs: 2, creditCost: 4 } },
  },
  postGalleryPastGenerations: {
    request: { page: 1, limit: 12, type: 'all' },
    responses: {
      200: {
        success: true,
        data: [
          {
            generationId: GENERATION_ID,
            type: 'upscaler',
            timestamp: AT,
            prompt: '',
            styleName: null,
            numberOfImages: 1,
            numberOfVideos: 0,
            imageUrlList: [OUTPUT],
            videoUrlList: [],
            inputImageUrls: [MEDIA],
            thumbnailUrl: `${OUTPUT}/thumbnail`,
            thumbhash: 'mPcJHQR4iIZ3h3eHd4eIeHd4iHd4',
            madeFrom: null,
            fidelity: null,
            credentials: null,
            views: null,
            group: null,
          },
        ],
        pagination: {
          page: 1,
          limit: 12,
          totalItems: 1,
          totalPages: 1,
          hasNextPage: false,
          hasPreviousPage: false,
        },
        message: '',
      },
    },
  },
  postGalleryZip: {
    request: { generationIds: [GENERATION_ID] },
    responses: {
      201: {
        success: true,
        downloadUrl: '/api/v1/gallery/zip/eyJ1IjoiLi4uIn0.c2lnbmF0dXJl',
        expiresAt: '2026-11-30T09:20:04.000Z',
      },
    },
  },
  postUserCredits: { responses: { 200: { success: true, credits: 42 } } },
  postCreditsEstimate: {
    request: { feature: 'upscaler', upscaleFactor: '2x' },
    responses: {
      200: {
        success: true,
        creditCost: 1,
        available: 42,
        canAfford: true,
        message: 'This costs 1 credit.',
      },
    },
  },
  postApiKeys: {
    request: { name: 'PIM sync', scopes: ['generate', 'read'] },
    responses: {
      201: {
        success: true,
        id: 'key_Qm3vT8xLp2Wn7Rb0',
        key: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc3Yb8Kq2Vx9Wm5Np7Rt1',
        prefix: 'sk_live_4eC3',
      },
    },
  },
  getApiKeys: {
    responses: {
      200: {
        success: true,
        keys: [
          {
            id: 'key_Qm3vT8xLp2Wn7Rb0',
            name: 'PIM sync',
            prefix: 'sk_live_4eC3',
            scopes: ['generate', 'read'],
            createdAt: '2026-11-29T18:02:11.000Z',
            lastUsedAt: AT,
          },
        ],
      },
    },
  },
};
