import type { GalleryItem } from '@studio/contract';
import { paths, type AppPath } from '@/config/paths';
import type { CanvasTool, ToolNavigationState } from '@/features/generations';
import {
  CANVAS_TOOLS,
  isGenerationType,
  TOOL_DEFINITIONS,
  TOOL_SCREENS,
} from '@studio/contract/tools';
import { safeMediaUrls } from '@/lib/media-url';

/** The screen that made a generation, from the contract's tool list; unknown types: photoshoot. */
function toolPath(type: string): AppPath {
  return isGenerationType(type)
    ? TOOL_SCREENS[TOOL_DEFINITIONS[type].screen].path
    : paths.photoshoot.path;
}

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

  return { path: toolPath(item.type), state };
}

/**
 * Where Reuse settings takes a generation (ADR 030): the same tool, primed with the same inputs
 * as View plus every setting the generation was made with (`settings`, from
 * `GET /generations/:id`, which each tool screen reads for its own keys), but without the old
 * results, so the screen is ready to run again. The new run names this generation as its source,
 * for the gallery's "Made from" link.
 */
export function reuseTarget(
  item: Parameters<typeof viewTarget>[0],
  settings: Record<string, unknown>,
): ViewTarget {
  const { path, state } = viewTarget(item);
  const { generatedImages: _images, generatedVideos: _videos, ...reused } = state;
  return { path, state: { ...reused, settings } };
}

/** The gallery filtered to one generation: where a card's "Made from" link leads. */
export function madeFromHref(generationId: string): string {
  return `${paths.gallery.path}?${new URLSearchParams({ search: generationId }).toString()}`;
}
