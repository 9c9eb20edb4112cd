import type { Generation } from '@studio/contract';
import type { CanvasTool } from '@/features/generations';
import { PRE_SEND_MESSAGES } from '@/features/generations';

/** The feature name in the insufficient-credits dialog (document 2 §2). */
export const CANVAS_FEATURE_NAME = 'Canvas Editor';
/** What the upgrade modal says needs the plan. */
export const VIDEO_FEATURE_NAME = 'Video Generation';

/** Document 2 §8, word for word. */
export const CANVAS_MESSAGES = {
  ...PRE_SEND_MESSAGES,
  noImage: 'Please upload an image first',
  uploadSuccess: 'Image uploaded successfully!',
  uploadFailure: 'Upload failed. Please try again.',
  uploadNoUrl: 'Upload successful, but no URL returned',
  noUpscaledImage: 'No upscaled image URL returned',
  videoLoadFailed: 'Video failed to load',
  videoLoadHint: 'The video may be processing or the URL may be invalid',
} as const;

export const TOOL_LABELS: Record<CanvasTool, string> = {
  'video-generation': 'Video Generation',
  upscaler: 'Upscaler',
  'background-removal': 'Background Removal',
};

/**
 * 'Generation failed: {reason}' (document 2 §8). Without a reason each tool has its fallback;
 * the upscaler always says it was the upscaling that failed.
 */
export function canvasFailureMessage(tool: CanvasTool, reason: string | null): string {
  const said = reason?.trim() ? reason.trim() : null;
  switch (tool) {
    case 'video-generation':
      return `Generation failed: ${said ?? 'Video generation failed'}`;
    case 'background-removal':
      return `Generation failed: ${said ?? 'Background removal failed'}`;
    case 'upscaler':
      return `Generation failed: ${said ? `Upscaling failed: ${said}` : 'Upscaling failed'}`;
  }
}

/** A success without the output the tool makes is still a failure for the user. */
export function missingOutputMessage(tool: CanvasTool, generation: Generation): string | null {
  if (tool === 'video-generation') {
    return generation.videoUrls.length > 0 ? null : canvasFailureMessage(tool, null);
  }
  if (generation.imageUrls.length > 0) return null;
  return tool === 'upscaler'
    ? `Generation failed: ${CANVAS_MESSAGES.noUpscaledImage}`
    : canvasFailureMessage(tool, null);
}

/**
 * Download names (document 2 §9), except that a cut-out is a transparent PNG and is named so
 * (ADR 024); saving also follows the file's real type, whatever the tool.
 */
export function downloadName(kind: 'video' | 'image', tool: CanvasTool): string {
  if (kind === 'video') return 'canvas-editor-video.mp4';
  if (tool === 'upscaler') return 'upscaled-image.jpg';
  return tool === 'background-removal' ? 'canvas-editor-result.png' : 'canvas-editor-result.jpg';
}

const PREFIX = 'Failed to generate prompt: ';

/**
 * 'Failed to generate prompt: {reason}' (document 2 §8). The server may already use that
 * wording; the prefix is not doubled.
 */
export function promptFailureMessage(reason: string | null): string {
  const text = reason?.trim() ? reason.trim() : 'the prompt writer is unavailable';
  return text.startsWith(PREFIX) ? text : `${PREFIX}${text}`;
}
