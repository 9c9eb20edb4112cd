/**
 * The 7 built-in video prompts (document 2 §9): the fallback when Auto-generate fails. Each
 * describes motion that shows the garment, since that is what a seller's reel is for. Loaded
 * only when Auto-generate is pressed: the editor's first load is at its size budget.
 */
export const SAMPLE_VIDEO_PROMPTS = [
  'slow 360-degree turn to show the outfit from every side, ending with a confident look at the camera',
  'walking toward the camera like on a runway, the fabric moving naturally with each step',
  'gentle sway with one hand on the hip while the camera slowly pushes in on the garment details',
  'a graceful twirl that lets the skirt flare out, then settling into a relaxed pose',
  'adjusting the collar and sleeves, with a close-up pan across the fabric texture',
  'strolling through soft daylight and glancing back over the shoulder at the camera',
  'striking three quick editorial poses with a subtle camera zoom between each',
] as const;

/** One sample prompt; `random` is injectable so tests can pin the choice. */
export function pickSamplePrompt(random: () => number = Math.random): string {
  const index = Math.min(
    SAMPLE_VIDEO_PROMPTS.length - 1,
    Math.max(0, Math.floor(random() * SAMPLE_VIDEO_PROMPTS.length)),
  );
  return SAMPLE_VIDEO_PROMPTS[index] ?? SAMPLE_VIDEO_PROMPTS[0];
}
