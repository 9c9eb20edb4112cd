import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  generationDetailResponseSchema,
  generationSettingsResponseSchema,
  type GenerationDetailResponse,
} from './generation-detail';

const body: GenerationDetailResponse = {
  success: true,
  generation: {
    id: 'gen_1',
    type: 'video-generation',
    status: 'succeeded',
    progress: 100,
    queuePosition: null,
    creditCost: 4,
    prompt: 'A slow turn',
    imageUrls: [],
    videoUrls: ['/api/v1/media/clip'],
    inputImageUrls: ['/api/v1/media/in'],
    previewNote: null,
    error: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    settings: { duration: 10, mode: 'quality', inputImageUrls: ['/api/v1/media/in'] },
  },
};

describe('a generation with its settings (GET /generations/:id)', () => {
  it('is encoded by the server and read back by the browser unchanged', () => {
    expect(z.encode(generationDetailResponseSchema, body)).toEqual(body);
    expect(generationDetailResponseSchema.parse(body)).toEqual(body);
  });

  it.each([
    ['missing', undefined],
    ['a list', ['duration', 10]],
    ['a string', 'duration=10'],
    ['null', null],
  ])('reads settings that are %s as empty, keeping the rest of the answer', (_case, settings) => {
    const read = generationDetailResponseSchema.parse({
      ...body,
      generation: { ...body.generation, settings },
    });
    expect(read.generation.settings).toEqual({});
    expect(read.generation.videoUrls).toEqual(['/api/v1/media/clip']);
  });

  it('gives the browser the settings alone', () => {
    expect(generationSettingsResponseSchema.parse(body)).toEqual({
      success: true,
      generation: { settings: body.generation.settings },
    });
  });
});
