import { describe, expect, it } from 'vitest';
import { parseVideoTemplates } from './video-templates';

describe('parseVideoTemplates', () => {
  it('sorts templates by numeric id and keeps their details', () => {
    const templates = parseVideoTemplates({
      success: true,
      videoTemplates: [
        { videoId: '10', videoUrl: '/v/10', thumbnailUrl: '/t/10', duration: 10, type: 'tryon' },
        { videoId: '2', videoUrl: '/v/2', thumbnailUrl: '/t/2', duration: 5, type: 'tryon' },
      ],
    });
    expect(templates.map((t) => t.videoId)).toEqual(['2', '10']);
    expect(templates[0]).toEqual({
      videoId: '2',
      videoUrl: '/v/2',
      thumbnailUrl: '/t/2',
      duration: 5,
      type: 'tryon',
    });
  });

  it('drops entries without an id or video', () => {
    const templates = parseVideoTemplates({
      success: true,
      videoTemplates: [{ videoId: '1' }, { videoUrl: '/v/x' }, { videoId: 3, videoUrl: '/v/3' }],
    });
    expect(templates).toEqual([
      { videoId: '3', videoUrl: '/v/3', thumbnailUrl: '', duration: 5, type: 'tryon' },
    ]);
  });

  it('rejects a failed answer', () => {
    expect(() => parseVideoTemplates({ success: false, message: 'nope' })).toThrow();
  });
});
