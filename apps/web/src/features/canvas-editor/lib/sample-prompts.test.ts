import { describe, expect, it } from 'vitest';
import { promptFailureMessage } from './canvas-messages';
import { pickSamplePrompt, SAMPLE_VIDEO_PROMPTS } from './sample-prompts';

describe('sample prompts', () => {
  it('has seven distinct prompts', () => {
    expect(SAMPLE_VIDEO_PROMPTS).toHaveLength(7);
    expect(new Set(SAMPLE_VIDEO_PROMPTS).size).toBe(7);
  });

  it('picks across the whole list', () => {
    expect(pickSamplePrompt(() => 0)).toBe(SAMPLE_VIDEO_PROMPTS[0]);
    expect(pickSamplePrompt(() => 0.5)).toBe(SAMPLE_VIDEO_PROMPTS[3]);
    expect(pickSamplePrompt(() => 0.999_999)).toBe(SAMPLE_VIDEO_PROMPTS[6]);
  });

  it('stays in range even for a random value of 1', () => {
    expect(pickSamplePrompt(() => 1)).toBe(SAMPLE_VIDEO_PROMPTS[6]);
  });
});

describe('promptFailureMessage', () => {
  it("prefixes the reason with 'Failed to generate prompt: '", () => {
    expect(promptFailureMessage('the model is down')).toBe(
      'Failed to generate prompt: the model is down',
    );
  });

  it('does not double a prefix the server already wrote', () => {
    expect(promptFailureMessage('Failed to generate prompt: the writer failed')).toBe(
      'Failed to generate prompt: the writer failed',
    );
  });

  it('has a reason when none is given', () => {
    expect(promptFailureMessage(null)).toBe(
      'Failed to generate prompt: the prompt writer is unavailable',
    );
  });
});
