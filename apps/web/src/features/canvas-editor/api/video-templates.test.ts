import { describe, expect, it } from 'vitest';
import { videoTemplates } from '@/testing/generation-handlers';
import { readVideoTemplates } from './video-templates';

describe('readVideoTemplates', () => {
  it('orders templates by numeric id, not as text', () => {
    const [one, two] = videoTemplates;
    const ten = { ...two, videoId: '10' };
    const templates = readVideoTemplates({
      success: true,
      videoTemplates: [ten, two, one],
      message: 'Video templates loaded',
    });
    expect(templates.map((template) => template.videoId)).toEqual(['1', '2', '10']);
  });
});
