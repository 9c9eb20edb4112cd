import { describe, expect, it } from 'vitest';
import { readToolNavigationState, reusedSetting } from './navigation-state';

describe('readToolNavigationState', () => {
  it('keeps a well-formed hand-over from the gallery', () => {
    expect(
      readToolNavigationState({
        inputImages: ['/api/v1/media/a'],
        generatedVideos: ['https://cdn.example.com/v.mp4'],
        prompt: 'a slow turn',
        variations: 2.7,
        recreatingFrom: 'gen-1',
        tool: 'video-generation',
      }),
    ).toEqual({
      inputImages: ['/api/v1/media/a'],
      generatedVideos: ['https://cdn.example.com/v.mp4'],
      prompt: 'a slow turn',
      variations: 2,
      recreatingFrom: 'gen-1',
      tool: 'video-generation',
    });
  });

  it('drops links that are not same-origin paths or http(s)', () => {
    const state = readToolNavigationState({
      inputImages: [
        'javascript:alert(1)',
        'data:image/png;base64,AAAA',
        '//evil.example/x.jpg',
        '/\\evil.example/x.jpg',
        '/api/v1/media/ok',
      ],
      generatedImages: ['javascript:alert(1)'],
    });
    expect(state.inputImages).toEqual(['/api/v1/media/ok']);
    expect(state.generatedImages).toBeUndefined();
  });

  it('ignores anything that is not an object, and unknown tools', () => {
    expect(readToolNavigationState(null)).toEqual({});
    expect(readToolNavigationState('state')).toEqual({});
    expect(readToolNavigationState({ tool: 'photoshoot', variations: -1 })).toEqual({});
  });

  it('keeps reused settings only as an object of keys', () => {
    expect(readToolNavigationState({ settings: { duration: 10 } }).settings).toEqual({
      duration: 10,
    });
    expect(readToolNavigationState({ settings: [10] })).toEqual({});
    expect(readToolNavigationState({ settings: 'duration=10' })).toEqual({});
  });
});

describe('reusedSetting', () => {
  const durations = [5, 10] as const;

  it('reads a reused value the screen offers, and nothing when it offers no such value', () => {
    expect(reusedSetting({ settings: { duration: 10 } }, 'duration', durations)).toBe(10);
    expect(reusedSetting({ settings: { duration: 7 } }, 'duration', durations)).toBeUndefined();
    expect(reusedSetting({ settings: { duration: '10' } }, 'duration', durations)).toBeUndefined();
    expect(reusedSetting({}, 'duration', durations)).toBeUndefined();
  });
});
