import {
  backgroundRemovalRequestSchema,
  designerRequestSchema,
  extractorRequestSchema,
  photoshootRequestSchema,
  posesRequestSchema,
  realisticTryOnRequestSchema,
  tryOnRequestSchema,
  upscaleRequestSchema,
  videoRequestSchema,
} from '@studio/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeFal } from '../../../test/fake-fal-server';
import { DEFAULT_FAL_MODELS } from './fal-provider';
import { useFakeFal } from './fal-test-kit';
import { designPrompt } from './fal/tools/ai-designer';
import { posePrompt } from './fal/tools/ai-poses';
import { extractPrompt } from './fal/tools/fashion-extractor';
import { photoshootPrompt } from './fal/tools/photoshoot';
import { realisticTryOnPrompt } from './fal/tools/realistic-try-on';
import type { GenerationJob, ProviderContext } from './types';

/*
 * Every tool on its default fal model (ADR 034), against the fake fal server, whose submit
 * checks each default model's documented input schema (a field it lacks or a value it refuses
 * answers 422): the exact fields sent, the settings honoured, and the ones a model cannot honour
 * said with the result instead of dropped.
 */

const { provider, image, ...kit } = useFakeFal();
let fake: FakeFal;
beforeEach(() => {
  fake = kit.fake();
});
const media = (name: string) => `https://media.example.test/${name}.png`;
/** The kit's FAL_SAFETY_TOLERANCE: every Kontext and Nano Banana request carries it (issue 31). */
const SAFETY = '5';

const ctx: ProviderContext = {
  signal: new AbortController().signal,
  requestId: null,
  beforeSubmit: async () => undefined,
  onSubmitted: async () => undefined,
  onProgress: () => undefined,
};

/** Runs the job on fal's defaults; what was submitted (model, input) and the result. */
async function run(job: GenerationJob) {
  const result = await provider().run(job, ctx);
  return { result, submitted: fake.submissions.map((s) => [s.modelId, s.input]) };
}

describe('each tool’s default fal model and the exact input it gets', () => {
  it('try-on: FASHN v1.6 with category, mode, photo type, samples and moderation', async () => {
    const settings = tryOnRequestSchema.parse({
      garment: { imageUrl: '/api/v1/media/dress' },
      model: { kind: 'photo', imageUrl: '/api/v1/media/me' },
      category: 'tops',
      garmentPhotoType: 'model',
      numImages: 4,
      mode: 'quality',
    });

    const { result, submitted } = await run({
      type: 'try-on',
      settings,
      garment: image('dress'),
      model: image('me'),
    });

    expect(submitted).toEqual([
      [
        'fal-ai/fashn/tryon/v1.6',
        {
          model_image: media('me'),
          garment_image: media('dress'),
          category: 'tops',
          mode: 'quality',
          garment_photo_type: 'model',
          num_samples: 4,
          moderation_level: 'permissive',
          output_format: 'jpeg',
        },
      ],
    ]);
    expect(result.outputs).toHaveLength(4);
    expect(result.previewNote).toBeUndefined();
  });

  it.each([
    ['performance', '1K'],
    ['balanced', '2K'],
    ['quality', '4K'],
  ] as const)(
    'realistic try-on: Nano Banana Pro edit, one request per template, %s mode as %s',
    async (mode, resolution) => {
      const settings = realisticTryOnRequestSchema.parse({
        template: [
          { templateId: 't1', templateUrl: '/api/v1/media/t1', prompt: 'on a beach' },
          { templateId: 't2', templateUrl: '/api/v1/media/t2' },
        ],
        clothing: { imageUrl: ['/api/v1/media/swimsuit'] },
        clothType: 'swimwear',
        aspectRatio: '1:1',
        mode,
      });
      const job: GenerationJob<'realistic-try-on'> = {
        type: 'realistic-try-on',
        settings,
        garment: image('swimsuit'),
        templates: [
          { id: 't1', image: image('t1'), prompt: 'on a beach' },
          { id: 't2', image: image('t2'), prompt: '' },
        ],
      };

      const { result, submitted } = await run(job);

      expect(submitted).toEqual(
        ['t1', 't2'].map((t, i) => [
          'fal-ai/nano-banana-pro/edit',
          {
            prompt: realisticTryOnPrompt(job, i === 0 ? 'on a beach' : ''),
            image_urls: [media(t), media('swimsuit')],
            num_images: 1,
            aspect_ratio: '1:1',
            resolution,
            output_format: 'jpeg',
            safety_tolerance: SAFETY,
          },
        ]),
      );
      expect(result.outputs).toHaveLength(2);
      expect(result.previewNote).toBeUndefined();
    },
  );

  it('realistic try-on: an ethnicity the template cannot take is said with the result', async () => {
    const settings = realisticTryOnRequestSchema.parse({
      template: [{ templateId: 't1', templateUrl: '/api/v1/media/t1' }],
      clothing: { imageUrl: ['/api/v1/media/kurta'] },
      ethnicity: 'latino',
    });

    const { result } = await run({
      type: 'realistic-try-on',
      settings,
      garment: image('kurta'),
      templates: [{ id: 't1', image: image('t1'), prompt: '' }],
    });

    expect(result.previewNote).toBe(
      "The latino ethnicity you chose was not applied: each template's own model is kept.",
    );
  });

  it('AI designer: FLUX Kontext [pro], images split by four, balanced said as performance', async () => {
    const settings = designerRequestSchema.parse({
      clothImage: '/api/v1/media/kurta',
      clothType: 'kurta',
      designTheme: 'ethnic',
      colorPalette: 'jewel',
      numImages: 4,
      aspectRatio: '9:16',
      mode: 'balanced',
    });

    const { result, submitted } = await run({
      type: 'ai-designer',
      settings,
      garment: image('kurta'),
    });

    expect(submitted).toEqual([
      [
        'fal-ai/flux-pro/kontext',
        {
          image_url: media('kurta'),
          prompt: designPrompt(settings),
          aspect_ratio: '9:16',
          num_images: 4,
          output_format: 'jpeg',
          safety_tolerance: SAFETY,
        },
      ],
    ]);
    expect(result.outputs).toHaveLength(4);
    expect(result.previewNote).toBe(
      "This tool's model has no balanced setting: it rendered in performance mode and was charged as performance.",
    );
  });

  it.each([
    ['performance', 'fal-ai/flux-pro/kontext', 'fal-ai/flux-pro/kontext/multi'],
    ['balanced', 'fal-ai/flux-pro/kontext', 'fal-ai/flux-pro/kontext/multi'],
    ['quality', 'fal-ai/flux-pro/kontext/max', 'fal-ai/flux-pro/kontext/max/multi'],
  ] as const)(
    'the Kontext tools in %s mode run %s (poses: %s) with the same input',
    async (mode, single, multi) => {
      const designer = designerRequestSchema.parse({ clothImage: '/api/v1/media/a', mode });
      const shoot = photoshootRequestSchema.parse({ inputImageUrls: ['/api/v1/media/b'], mode });
      const extract = extractorRequestSchema.parse({ inputImageUrls: ['/api/v1/media/c'], mode });
      const poses = posesRequestSchema.parse({ inputImageUrls: ['/api/v1/media/d'], mode });
      const poseJob: GenerationJob<'ai-poses'> = {
        type: 'ai-poses',
        settings: poses,
        model: image('d'),
        poseImage: null,
      };

      await run({ type: 'ai-designer', settings: designer, garment: image('a') });
      await run({ type: 'photoshoot', settings: shoot, product: image('b') });
      await run({ type: 'fashion-extractor', settings: extract, image: image('c') });
      const { submitted, result } = await run(poseJob);

      expect(submitted).toEqual([
        [
          single,
          {
            image_url: media('a'),
            prompt: designPrompt(designer),
            aspect_ratio: designer.aspectRatio,
            num_images: 1,
            output_format: 'jpeg',
            safety_tolerance: SAFETY,
          },
        ],
        [
          single,
          {
            image_url: media('b'),
            prompt: photoshootPrompt(shoot),
            num_images: 1,
            output_format: 'jpeg',
            safety_tolerance: SAFETY,
          },
        ],
        [
          single,
          {
            image_url: media('c'),
            prompt: extractPrompt(extract),
            num_images: 1,
            output_format: 'jpeg',
            safety_tolerance: SAFETY,
          },
        ],
        [
          multi,
          {
            image_urls: [media('d')],
            prompt: posePrompt(poseJob),
            aspect_ratio: poses.aspectRatio,
            num_images: 1,
            output_format: 'jpeg',
            safety_tolerance: SAFETY,
          },
        ],
      ]);
      // Only balanced, which renders as performance, is said; quality is honoured.
      expect(result.previewNote === undefined).toBe(mode !== 'balanced');
    },
  );

  it('AI poses: FLUX Kontext [pro] multi with the person and the pose reference', async () => {
    const settings = posesRequestSchema.parse({
      inputImageUrls: ['/api/v1/media/me'],
      pose: { poseId: 3, imageUrl: '/api/v1/media/pose', prompt: 'hands on hips' },
      viewType: 'full body view',
      expression: 'smiling',
      background: 'studio',
      colorTheme: 'beige',
    });
    const job: GenerationJob<'ai-poses'> = {
      type: 'ai-poses',
      settings,
      model: image('me'),
      poseImage: image('pose'),
    };

    const { result, submitted } = await run(job);

    expect(submitted).toEqual([
      [
        'fal-ai/flux-pro/kontext/multi',
        {
          image_urls: [media('me'), media('pose')],
          prompt: posePrompt(job),
          aspect_ratio: '9:16',
          num_images: 1,
          output_format: 'jpeg',
          safety_tolerance: SAFETY,
        },
      ],
    ]);
    expect(result.previewNote).toBeUndefined();
  });

  it('product photoshoot: FLUX Kontext [pro] with the scene style’s brief', async () => {
    const settings = photoshootRequestSchema.parse({
      inputImageUrls: ['/api/v1/media/bag'],
      sceneStyle: 'luxury',
      numImages: 2,
    });

    const { submitted } = await run({ type: 'photoshoot', settings, product: image('bag') });

    expect(submitted).toEqual([
      [
        'fal-ai/flux-pro/kontext',
        {
          image_url: media('bag'),
          prompt: photoshootPrompt(settings),
          num_images: 2,
          output_format: 'jpeg',
          safety_tolerance: SAFETY,
        },
      ],
    ]);
  });

  it('fashion extractor: FLUX Kontext [pro] with the extraction type’s instruction', async () => {
    const settings = extractorRequestSchema.parse({
      inputImageUrls: ['/api/v1/media/look'],
      extractionType: 'accessories',
    });

    const { submitted } = await run({
      type: 'fashion-extractor',
      settings,
      image: image('look'),
    });

    expect(submitted).toEqual([
      [
        'fal-ai/flux-pro/kontext',
        {
          image_url: media('look'),
          prompt: extractPrompt(settings),
          num_images: 1,
          output_format: 'jpeg',
          safety_tolerance: SAFETY,
        },
      ],
    ]);
  });

  it.each([
    ['2x', 2],
    ['4x', 4],
  ] as const)(
    'upscale %s: Topaz with the spec’s High Fidelity V2 as its model, faces not repainted',
    async (upscaleFactor, factor) => {
      const settings = upscaleRequestSchema.parse({
        imageUrl: '/api/v1/media/photo',
        upscaleFactor,
      });

      const { result, submitted } = await run({
        type: 'upscaler',
        settings,
        image: image('photo'),
      });

      expect(submitted).toEqual([
        [
          'fal-ai/topaz/upscale/image',
          {
            image_url: media('photo'),
            model: 'High Fidelity V2',
            upscale_factor: factor,
            output_format: 'jpeg',
            face_enhancement: false,
          },
        ],
      ]);
      expect(result.outputs).toEqual([{ kind: 'image', url: fake.fileUrl('output.png') }]);
      expect(result.previewNote).toBeUndefined();
    },
  );

  it('upscale: another Topaz precision model by its name; an unknown method is said', async () => {
    const standard = upscaleRequestSchema.parse({ imageUrl: '/x', method: 'standard v2' });
    const unknown = upscaleRequestSchema.parse({ imageUrl: '/x', method: 'Magic' });

    await run({ type: 'upscaler', settings: standard, image: image('photo') });
    const { result, submitted } = await run({
      type: 'upscaler',
      settings: unknown,
      image: image('photo'),
    });

    expect(submitted.map(([, input]) => (input as { model: string }).model)).toEqual([
      'Standard V2',
      'High Fidelity V2',
    ]);
    expect(result.previewNote).toBe(
      'The Magic method is not offered; High Fidelity V2 was used instead.',
    );
  });

  it('upscale 4k: SeedVR2 (its own model setting) by the factor that reaches 3840 px', async () => {
    const settings = upscaleRequestSchema.parse({
      imageUrl: '/api/v1/media/photo',
      upscaleFactor: '4k',
    });

    const { result, submitted } = await run({ type: 'upscaler', settings, image: image('photo') });

    // 3840 / 64 = 60 is past what we ask of one pass (10×): the 64 px test image stops there.
    expect(submitted).toEqual([
      [
        DEFAULT_FAL_MODELS['upscale-4k'],
        {
          image_url: media('photo'),
          upscale_mode: 'factor',
          upscale_factor: 10,
          output_format: 'jpg',
        },
      ],
    ]);
    expect(DEFAULT_FAL_MODELS['upscale-4k']).toBe('fal-ai/seedvr/upscale/image');
    expect(result.previewNote).toBeUndefined();
  });

  it('background removal: BiRefNet v2 at its 2048 operating resolution', async () => {
    const settings = backgroundRemovalRequestSchema.parse({ imageUrl: '/api/v1/media/shot' });

    const { result, submitted } = await run({
      type: 'background-removal',
      settings,
      image: image('shot'),
    });

    expect(submitted).toEqual([
      [
        'fal-ai/birefnet/v2',
        {
          image_url: media('shot'),
          model: 'General Use (Light 2K)',
          operating_resolution: '2048x2048',
          refine_foreground: true,
          output_format: 'png',
        },
      ],
    ]);
    expect(result.outputs).toHaveLength(1);
  });

  it.each([
    ['performance', 5, '480p', 'Rendered at 480p: the video model has no 360p.'],
    ['balanced', 10, '480p', undefined],
    ['quality', 10, '720p', undefined],
  ] as const)(
    'video in %s mode, %s s: Seedance 1.0 Pro at %s and the asked duration',
    async (mode, duration, resolution, note) => {
      const settings = videoRequestSchema.parse({
        inputImageUrls: ['/api/v1/media/still'],
        prompt: 'slow turn',
        duration,
        mode,
      });

      const { result, submitted } = await run({
        type: 'video-generation',
        settings,
        image: image('still'),
      });

      expect(submitted).toEqual([
        [
          'fal-ai/bytedance/seedance/v1/pro/image-to-video',
          {
            image_url: media('still'),
            prompt: 'slow turn',
            resolution,
            duration: String(duration),
            aspect_ratio: 'auto',
            camera_fixed: false,
            enable_safety_checker: true,
          },
        ],
      ]);
      expect(result.outputs).toEqual([{ kind: 'video', url: fake.fileUrl('output.mp4') }]);
      expect(result.previewNote).toBe(note);
    },
  );

  it('video: a chosen motion template the model cannot follow is said with the result', async () => {
    const settings = videoRequestSchema.parse({
      inputImageUrls: ['/api/v1/media/still'],
      templateId: 4,
      mode: 'quality',
    });

    const { result } = await run({ type: 'video-generation', settings, image: image('still') });

    expect(result.previewNote).toBe(
      "The template's motion video is not used by this model: your prompt steers the motion.",
    );
  });

  it('never asks a model for more images than it takes in one request', async () => {
    // More than the contract allows today: a mapping must still split, not overask, if it grows.
    const tryOn = tryOnRequestSchema.parse({
      garment: { imageUrl: '/g' },
      model: { kind: 'photo', imageUrl: '/m' },
    });
    const realistic = realisticTryOnRequestSchema.parse({
      template: [{ templateId: 't1', templateUrl: '/t1' }],
      clothing: { imageUrl: ['/g'] },
    });

    const fashn = await run({
      type: 'try-on',
      settings: { ...tryOn, numImages: 6 },
      garment: image('g'),
      model: image('m'),
    });
    const banana = await run({
      type: 'realistic-try-on',
      settings: { ...realistic, numImages: 5 },
      garment: image('g'),
      templates: [{ id: 't1', image: image('t1'), prompt: '' }],
    });

    expect(fake.submissions.map((s) => s.input)).toMatchObject([
      { num_samples: 4 },
      { num_samples: 2 },
      { num_images: 4 },
      { num_images: 1 },
    ]);
    expect([fashn.result.outputs.length, banana.result.outputs.length]).toEqual([6, 5]);
  });

  it('sends the configured safety tolerance to every Kontext and Nano Banana model, and to no other', async () => {
    const fal = provider({ safetyTolerance: '6' });
    const designer = designerRequestSchema.parse({
      clothImage: '/api/v1/media/a',
      mode: 'quality',
    });
    const realistic = realisticTryOnRequestSchema.parse({
      template: [{ templateId: 't1', templateUrl: '/t1' }],
      clothing: { imageUrl: ['/g'] },
    });
    const upscale = upscaleRequestSchema.parse({
      imageUrl: '/api/v1/media/p',
      upscaleFactor: '2x',
    });

    await fal.run({ type: 'ai-designer', settings: designer, garment: image('a') }, ctx);
    await fal.run(
      {
        type: 'realistic-try-on',
        settings: realistic,
        garment: image('g'),
        templates: [{ id: 't1', image: image('t1'), prompt: '' }],
      },
      ctx,
    );
    await fal.run({ type: 'upscaler', settings: upscale, image: image('p') }, ctx);

    expect(
      fake.submissions.map((s) => [
        s.modelId,
        (s.input as Record<string, unknown>).safety_tolerance,
      ]),
    ).toEqual([
      ['fal-ai/flux-pro/kontext/max', '6'],
      ['fal-ai/nano-banana-pro/edit', '6'],
      ['fal-ai/topaz/upscale/image', undefined],
    ]);
  });

  it('refuses what a model’s schema does not take with fal’s 422, before any work', async () => {
    const fal = provider({
      models: { ...DEFAULT_FAL_MODELS, 'try-on': 'fal-ai/nano-banana-pro/edit' },
    });
    const settings = tryOnRequestSchema.parse({
      garment: { imageUrl: '/g' },
      model: { kind: 'photo', imageUrl: '/m' },
    });

    const error = await fal
      .run({ type: 'try-on', settings, garment: image('g'), model: image('m') }, ctx)
      .catch((reason: unknown) => reason);

    expect(error).toMatchObject({ transient: false, nothingSubmitted: true });
    expect(fake.submissions).toEqual([]);
  });
});
