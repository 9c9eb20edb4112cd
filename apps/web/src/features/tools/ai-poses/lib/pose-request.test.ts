import { describe, expect, it } from 'vitest';
import { poseItem } from '@/testing/poses-handlers';
import {
  autoPose,
  BACKGROUND_COLOUR_LIST,
  initialSettings,
  poseImageUrls,
  readStyle,
  runStyle,
  toPoseList,
  withFilters,
  withPrompt,
} from './pose-request';
import { colourTheme, posesRequest } from './pose-call';

describe('pose presets', () => {
  it('reads an image URL as a string or a list, surrounding quotes stripped', () => {
    expect(poseImageUrls('/a.png')).toEqual(['/a.png']);
    expect(poseImageUrls('"/a.png"')).toEqual(['/a.png']);
    expect(poseImageUrls("'/a.png'")).toEqual(['/a.png']);
    expect(poseImageUrls('["/a.png", "/b.png"]')).toEqual(['/a.png', '/b.png']);
    expect(poseImageUrls('["\\"/a.png\\""]')).toEqual(['/a.png']);
    expect(poseImageUrls('/a.png, /b.png')).toEqual(['/a.png', '/b.png']);
    expect(poseImageUrls('  ')).toEqual([]);
  });

  it('keeps only live presets and names a nameless one by its type plus ‘ Pose’', () => {
    const list = toPoseList([
      poseItem({ poseId: '1', poseName: '  ', type: 'leaning' }),
      poseItem({ poseId: '2', liveStatus: false }),
      poseItem({ poseId: '3', generationType: '' }),
    ]);
    expect(list.map((p) => p.id)).toEqual(['1', '3']);
    expect(list[0]?.name).toBe('Leaning Pose');
    expect(list[1]?.generationType).toBe('pose');
  });

  it('chooses the first female standing pose on load, else the first', () => {
    const poses = toPoseList([
      poseItem({ poseId: '1', type: 'sitting' }),
      poseItem({ poseId: '2', gender: 'male' }),
      poseItem({ poseId: '3' }),
    ]);
    expect(autoPose(poses)?.id).toBe('3');
    expect(autoPose(poses.slice(0, 2))?.id).toBe('1');
    expect(autoPose([])).toBeNull();
  });

  it('keeps the chosen pose through a filter change only while it matches', () => {
    const poses = toPoseList([poseItem({ poseId: '1', type: 'sitting' })]);
    const chosen = { ...initialSettings(), poseId: '1' };
    expect(withFilters(chosen, { gender: 'female', type: 'sitting' }, poses).poseId).toBe('1');
    expect(withFilters(chosen, { gender: 'female', type: 'standing' }, poses).poseId).toBeNull();
    expect(withFilters(chosen, { gender: 'male', type: 'all' }, poses).poseId).toBeNull();
  });

  it('clears the pose when a prompt is typed, not when it is cleared', () => {
    const chosen = { ...initialSettings(), poseId: '1' };
    expect(withPrompt(chosen, 'x').poseId).toBeNull();
    expect(withPrompt(chosen, '  ').poseId).toBe('1');
  });
});

describe('background colours', () => {
  it('sends white and black by name and the others as pastel names', () => {
    expect(BACKGROUND_COLOUR_LIST.map(colourTheme)).toEqual([
      'white',
      'black',
      'pastel cream',
      'pastel red',
      'pastel yellow',
      'pastel brown',
      'pastel grey',
    ]);
  });
});

describe('the generate call', () => {
  const pose = toPoseList([poseItem({ poseId: '7', imageUrl: '"/p.png"' })])[0] ?? null;
  const who = { userId: 'u1', imageUrl: '/m.png', mode: 'performance' as const };

  it('sends a chosen pose as preselected, a random one as random', () => {
    const settings = { ...initialSettings(), poseId: '7', colour: 'grey' as const };
    expect(posesRequest(settings, pose, who).body).toMatchObject({
      method: 'preselected',
      colorTheme: 'pastel grey',
      pose: { poseId: '7', imageUrl: ['/p.png'], generationType: 'pose', liveStatus: true },
    });
    expect(posesRequest(initialSettings(), null, who).body).toMatchObject({
      method: 'random',
      pose: null,
    });
  });

  it('sends neutral values for what a prompt locks', () => {
    const settings = {
      ...initialSettings(),
      background: 'studio' as const,
      expression: 'smiling' as const,
      prompt: ' on a beach ',
    };
    expect(posesRequest(settings, pose, who).body).toMatchObject({
      background: 'no-change',
      expression: 'no-change',
      colorTheme: undefined,
      pose: null,
      method: 'random',
      prompt: 'on a beach',
    });
  });

  it('records the pose or the view as the run’s style, and reads it back', () => {
    expect(runStyle({ ...initialSettings(), poseId: '7' }, pose)).toBe('pose 7');
    expect(runStyle({ ...initialSettings(), viewType: 'side view' }, null)).toBe('side view');
    expect(readStyle('pose 7')).toEqual({ poseId: '7' });
    expect(readStyle('back view')).toEqual({ viewType: 'back view' });
    expect(readStyle('modern')).toBeNull();
    expect(readStyle(undefined)).toBeNull();
  });
});
