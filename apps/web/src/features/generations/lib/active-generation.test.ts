import { describe, expect, it } from 'vitest';
import {
  clearActiveGeneration,
  readActiveGeneration,
  saveActiveGeneration,
} from './active-generation';

const readTool = (value: unknown) => (value === 'upscaler' ? value : null);
const stored = { generationId: 'gen_1', userId: 'user_1', context: 'upscaler', startedAt: 1000 };

describe('active generation storage', () => {
  it('reads back what was saved for the same user', () => {
    saveActiveGeneration('canvas-editor', stored);

    expect(window.sessionStorage.getItem('studio:active-generation:canvas-editor')).not.toBeNull();
    expect(readActiveGeneration('canvas-editor', 'user_1', readTool)).toEqual(stored);
    expect(readActiveGeneration('canvas-editor', 'user_2', readTool)).toBeNull();
    expect(readActiveGeneration('canvas-editor', null, readTool)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['no id', JSON.stringify({ ...stored, generationId: '' })],
    ['an unknown context', JSON.stringify({ ...stored, context: 'teleport' })],
    ['no start time', JSON.stringify({ ...stored, startedAt: 'soon' })],
  ])('treats an entry with %s as nothing to resume', (_, raw) => {
    window.sessionStorage.setItem('studio:active-generation:canvas-editor', raw);

    expect(readActiveGeneration('canvas-editor', 'user_1', readTool)).toBeNull();
  });

  it('clears only the named generation when one is given', () => {
    saveActiveGeneration('canvas-editor', stored);

    clearActiveGeneration('canvas-editor', 'gen_other');
    expect(readActiveGeneration('canvas-editor', 'user_1', readTool)).not.toBeNull();

    clearActiveGeneration('canvas-editor', 'gen_1');
    expect(readActiveGeneration('canvas-editor', 'user_1', readTool)).toBeNull();
  });
});
