import { describe, expect, it } from 'vitest';
import { galleryItem } from '@/testing/gallery-handlers';
import { madeFromHref, reuseTarget, viewTarget } from './view-target';

describe('viewTarget', () => {
  it.each([
    ['photoshoot', '/photoshoot'],
    ['try-on', '/try-on'],
    ['realistic-try-on', '/realistic-photoshoot'],
    ['ai-poses', '/ai-poses'],
    ['fashion-extractor', '/fashion-extractor'],
    ['ai-designer', '/ai-designer'],
    ['video-generation', '/canvas-editor'],
    ['upscaler', '/canvas-editor'],
    ['background-removal', '/canvas-editor'],
    ['something-new', '/photoshoot'],
  ])('opens a %s generation in %s', (type, path) => {
    expect(viewTarget(galleryItem({ type })).path).toBe(path);
  });

  it("hands the tool the generation's inputs, prompt, style, count and images", () => {
    const item = galleryItem({
      generationId: 'gen_42',
      type: 'try-on',
      prompt: 'linen shirt on a beach',
      styleName: 'Summer Editorial',
      numberOfImages: 3,
      imageUrlList: ['/api/v1/media/o1', '/api/v1/media/o2', '/api/v1/media/o3'],
      inputImageUrls: ['/api/v1/media/in1'],
    });

    expect(viewTarget(item).state).toEqual({
      inputImages: ['/api/v1/media/in1'],
      prompt: 'linen shirt on a beach',
      style: 'Summer Editorial',
      variations: 3,
      recreatingFrom: 'gen_42',
      generatedImages: ['/api/v1/media/o1', '/api/v1/media/o2', '/api/v1/media/o3'],
    });
  });

  it('leaves the style out when the generation had none, and asks for 1 variation at least', () => {
    const { state } = viewTarget(galleryItem({ styleName: null, numberOfImages: 0 }));
    expect(state).not.toHaveProperty('style');
    expect(state.variations).toBe(1);
  });

  it('hands a video generation its videos and marks the canvas tool', () => {
    const { state } = viewTarget(
      galleryItem({
        type: 'video-generation',
        imageUrlList: [],
        videoUrlList: ['/api/v1/media/clip'],
        numberOfImages: 0,
        numberOfVideos: 1,
      }),
    );
    expect(state.generatedVideos).toEqual(['/api/v1/media/clip']);
    expect(state).not.toHaveProperty('generatedImages');
    expect(state.tool).toBe('video-generation');
  });

  it.each(['upscaler', 'background-removal'] as const)(
    'hands an %s result its images with the canvas tool marker',
    (type) => {
      const { state } = viewTarget(galleryItem({ type, imageUrlList: ['/api/v1/media/x'] }));
      expect(state.tool).toBe(type);
      expect(state.generatedImages).toEqual(['/api/v1/media/x']);
    },
  );

  it('marks no canvas tool for the other tools', () => {
    expect(viewTarget(galleryItem({ type: 'ai-poses' })).state).not.toHaveProperty('tool');
  });

  it('hands on only same-origin paths and http(s) URLs, paths as stored', () => {
    const { state } = viewTarget(
      galleryItem({
        type: 'try-on',
        inputImageUrls: ['javascript:alert(1)', '/api/v1/media/in', 'data:image/png;base64,AA'],
        imageUrlList: [
          '/api/v1/media/o1',
          'javascript:alert(document.cookie)',
          '//evil.example/o2',
          'https://cdn.example/o3.jpg',
        ],
      }),
    );
    expect(state.inputImages).toEqual(['/api/v1/media/in']);
    expect(state.generatedImages).toEqual(['/api/v1/media/o1', 'https://cdn.example/o3.jpg']);
  });

  it('drops a javascript: video URL', () => {
    const { state } = viewTarget(
      galleryItem({
        type: 'video-generation',
        videoUrlList: ['javascript:alert(1)', '/api/v1/media/clip'],
      }),
    );
    expect(state.generatedVideos).toEqual(['/api/v1/media/clip']);
  });
});

describe('reuse settings target', () => {
  it('opens the same tool with the same inputs and settings, without the old results', () => {
    const item = galleryItem({
      type: 'photoshoot',
      prompt: 'On a marble table',
      styleName: 'luxury',
      numberOfImages: 3,
      imageUrlList: ['/api/v1/media/out-1', '/api/v1/media/out-2', '/api/v1/media/out-3'],
      inputImageUrls: ['/api/v1/media/in-1'],
    });

    expect(reuseTarget(item, { sceneStyle: 'luxury', mode: 'quality' })).toEqual({
      path: '/photoshoot',
      state: {
        inputImages: ['/api/v1/media/in-1'],
        prompt: 'On a marble table',
        style: 'luxury',
        variations: 3,
        recreatingFrom: item.generationId,
        settings: { sceneStyle: 'luxury', mode: 'quality' },
      },
    });
  });

  it('keeps the canvas tool of an upscale', () => {
    const item = galleryItem({ type: 'upscaler', imageUrlList: ['/api/v1/media/up'] });
    const target = reuseTarget(item, { upscaleFactor: '4x' });
    expect(target).toMatchObject({
      path: '/canvas-editor',
      state: { tool: 'upscaler', settings: { upscaleFactor: '4x' } },
    });
    expect(target.state.generatedImages).toBeUndefined();
  });

  it('links "Made from" to the gallery filtered to the source generation', () => {
    expect(madeFromHref('gen_abc')).toBe('/gallery?search=gen_abc');
  });
});
