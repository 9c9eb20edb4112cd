import { describe, expect, it } from 'vitest';
import {
  canvasReducer,
  durationLocked,
  effectiveDuration,
  initialCanvasSettings,
  presetTool,
  promptEnabled,
  readVideoStyle,
  templatesLocked,
  toVideoDuration,
  videoPrompt,
  type CanvasSettings,
} from './canvas-state';

const start = (overrides: Partial<CanvasSettings> = {}): CanvasSettings => ({
  ...initialCanvasSettings(),
  ...overrides,
});

describe('canvas prompt and template rules', () => {
  it('clears the prompt when a template is picked', () => {
    const next = canvasReducer(start({ prompt: '  ' }), {
      type: 'toggle-template',
      id: '3',
      duration: 10,
    });
    expect(next.prompt).toBe('');
    expect(next.template).toEqual({ id: '3', duration: 10 });
  });

  it('clears the template when a non-empty prompt is typed', () => {
    const withTemplate = start({ template: { id: '1', duration: 5 } });
    const next = canvasReducer(withTemplate, { type: 'set-prompt', prompt: 'walking forward' });
    expect(next.template).toBeNull();
    expect(next.prompt).toBe('walking forward');
  });

  it('keeps the template while the prompt is only whitespace', () => {
    const withTemplate = start({ template: { id: '1', duration: 5 } });
    expect(canvasReducer(withTemplate, { type: 'set-prompt', prompt: '   ' }).template).toEqual({
      id: '1',
      duration: 5,
    });
  });

  it('locks template selection while a prompt is written', () => {
    expect(templatesLocked({ prompt: 'spin' })).toBe(true);
    expect(templatesLocked({ prompt: ' ' })).toBe(false);
    expect(templatesLocked({ prompt: '' })).toBe(false);
  });

  it('unchooses the template when it is picked again or cleared', () => {
    const chosen = canvasReducer(start(), { type: 'toggle-template', id: '2', duration: 5 });
    expect(
      canvasReducer(chosen, { type: 'toggle-template', id: '2', duration: 5 }).template,
    ).toBeNull();
    expect(canvasReducer(chosen, { type: 'clear-template' }).template).toBeNull();
  });

  it('switches to another template directly', () => {
    const chosen = canvasReducer(start(), { type: 'toggle-template', id: '2', duration: 5 });
    expect(
      canvasReducer(chosen, { type: 'toggle-template', id: '4', duration: 10 }).template,
    ).toEqual({
      id: '4',
      duration: 10,
    });
  });
});

describe('canvas duration rules', () => {
  it("locks the duration to the chosen template's", () => {
    const chosen = canvasReducer(start({ duration: 5 }), {
      type: 'toggle-template',
      id: '3',
      duration: 10,
    });
    expect(durationLocked(chosen)).toBe(true);
    expect(effectiveDuration(chosen)).toBe(10);
  });

  it('uses the chosen duration without a template', () => {
    const next = canvasReducer(start(), { type: 'set-duration', duration: 10 });
    expect(durationLocked(next)).toBe(false);
    expect(effectiveDuration(next)).toBe(10);
  });

  it('rounds odd template lengths to 5 or 10 seconds', () => {
    expect([3, 5, 7, 8, 10, 12].map(toVideoDuration)).toEqual([5, 5, 5, 10, 10, 10]);
  });
});

describe('canvas prompt availability', () => {
  it('takes a prompt for video generation only', () => {
    expect(promptEnabled('video-generation')).toBe(true);
    expect(promptEnabled('upscaler')).toBe(false);
    expect(promptEnabled('background-removal')).toBe(false);
  });

  it('sends the default video prompt when the prompt is empty', () => {
    expect(videoPrompt('')).toBe('showing off clothes to camera in different poses');
    expect(videoPrompt('   ')).toBe('showing off clothes to camera in different poses');
    expect(videoPrompt('  a slow turn ')).toBe('a slow turn');
  });
});

describe('presetTool', () => {
  it('prefers the router state over the query parameter', () => {
    expect(presetTool('background-removal', 'upscaler')).toBe('background-removal');
  });

  it('uses a valid query parameter without router state', () => {
    expect(presetTool(undefined, 'upscaler')).toBe('upscaler');
  });

  it('opens video generation otherwise', () => {
    expect(presetTool(undefined, null)).toBe('video-generation');
    expect(presetTool(undefined, 'paint')).toBe('video-generation');
  });
});

describe('initialCanvasSettings', () => {
  it('starts at 5 seconds, 2x, no template', () => {
    expect(initialCanvasSettings({ tool: 'upscaler', prompt: 'from the gallery' })).toEqual({
      tool: 'upscaler',
      prompt: 'from the gallery',
      template: null,
      duration: 5,
      upscaleFactor: '2x',
    });
  });
});

describe("a past video's settings (the gallery's View)", () => {
  it('reads the template, duration and mode from its style', () => {
    expect(readVideoStyle('template 4 · 10 sec · quality')).toEqual({
      templateId: '4',
      duration: 10,
      mode: 'quality',
    });
    expect(readVideoStyle('10 sec · balanced')).toEqual({
      templateId: null,
      duration: 10,
      mode: 'balanced',
    });
  });

  it('reads what an older or unknown style has, and nothing else', () => {
    expect(readVideoStyle('template 2')).toEqual({ templateId: '2', duration: null, mode: null });
    expect(readVideoStyle('High Fidelity V2')).toEqual({
      templateId: null,
      duration: null,
      mode: null,
    });
    expect(readVideoStyle(undefined)).toEqual({ templateId: null, duration: null, mode: null });
  });

  it('sets the template up again without the default prompt it was sent with', () => {
    const settings = initialCanvasSettings({
      prompt: 'showing off clothes to camera in different poses',
      past: { templateId: '4', duration: 10, mode: 'quality' },
    });
    expect(settings.template).toEqual({ id: '4', duration: 10 });
    expect(settings.prompt).toBe('');
    expect(effectiveDuration(settings)).toBe(10);
  });

  it('keeps the prompt and the duration of a run without a template', () => {
    const settings = initialCanvasSettings({
      prompt: 'walking forward',
      past: { templateId: null, duration: 10, mode: null },
    });
    expect(settings.template).toBeNull();
    expect(settings.prompt).toBe('walking forward');
    expect(settings.duration).toBe(10);
  });
});
