import type { GalleryItem } from '@studio/contract';
import { paths, type AppPath } from '@/config/paths';
import type { CanvasTool, ToolNavigationState } from '@/features/generations/lib/navigation-state';
import { CANVAS_TOOLS } from '@studio/contract/tools';
import { safeMediaUrls } from '@/lib/media-url';

const TOOL_PATHS: Partial<Record<string, AppPath>> = {
  'try-on': paths.tryOn.path,
  'realistic-try-on': paths.realisticPhotoshoot.path,
  'ai-poses': paths.aiPoses.path,
  'fashion-extractor': paths.fashionExtractor.path,
  'ai-designer': paths.aiDesigner.path,
  'video-generation': paths.canvasEditor.path,
  upscaler: paths.canvasEditor.path,
  'background-removal': paths.canvasEditor.path,
};

function isCanvasTool(type: string): type is CanvasTool {
  return CANVAS_TOOLS.some((tool) => tool === type);
}

export interface ViewTarget {
  path: AppPath;
  state: ToolNavigationState;
}

/**
 * Where View takes a generation (document 1 §2): the tool that made it, primed with its inputs
 * and results so the user can recreate or continue it. Unknown types open the product
 * photoshoot, as the spec's client did. The URLs come from the server and the tools put them in
 * `src` and `href`, so only same-origin paths and http(s) URLs are handed on.
 */
export function viewTarget(
  item: Pick<
    GalleryItem,
    | 'generationId'
    | 'type'
    | 'prompt'
    | 'styleName'
    | 'numberOfImages'
    | 'imageUrlList'
    | 'videoUrlList'
    | 'inputImageUrls'
  >,
): ViewTarget {
  const state: ToolNavigationState = {
    inputImages: safeMediaUrls(item.inputImageUrls),
    prompt: item.prompt,
    variations: item.numberOfImages > 0 ? item.numberOfImages : 1,
    recreatingFrom: item.generationId,
  };
  if (item.styleName !== null) state.style = item.styleName;
  if (item.type === 'video-generation') {
    state.generatedVideos = safeMediaUrls(item.videoUrlList);
  } else {
    state.generatedImages = safeMediaUrls(item.imageUrlList);
  }
  if (isCanvasTool(item.type)) state.tool = item.type;

  return { path: TOOL_PATHS[item.type] ?? paths.photoshoot.path, state };
}
