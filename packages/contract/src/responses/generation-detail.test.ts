import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  generationSettingsAnswerSchema,
  generationSettingsResponseSchema,
  type GenerationSettingsAnswer,
} from './generation-detail';

const body: GenerationSettingsAnswer = {
  success: true,
  generation: {
    id: 'gen_1',
    type: 'video-generation',
    settings: { duration: 10, mode: 'quality', inputImageUrls: ['/api/v1/media/in'] },
  },
};

describe("a generation's settings (GET /generations/:id/settings)", () => {
  it('is encoded by the server and read back by the browser unchanged', () => {
    expect(z.encode(generationSettingsAnswerSchema, body)).toEqual(body);
    expect(generationSettingsAnswerSchema.parse(body)).toEqual(body);
  });

  it.each([
    ['missing', undefined],
    ['a list', ['duration', 10]],
    ['a string', 'duration=10'],
    ['null', null],
  ])('reads settings that are %s as empty, keeping the rest of the answer', (_case, settings) => {
    const read = generationSettingsAnswerSchema.parse({
      ...body,
      generation: { ...body.generation, settings },
    });
    expect(read.generation.settings).toEqual({});
    expect(read.generation.type).toEqual('video-generation');
  });

  it('gives the browser the settings alone', () => {
    expect(generationSettingsResponseSchema.parse(body)).toEqual({
      success: true,
      generation: { settings: body.generation.settings },
    });
  });
});
