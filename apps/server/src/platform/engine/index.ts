// The built-in offline engine: pure Buffer-in/Buffer-out image and video operations. Real
// processing where no generative model is needed; clearly labelled previews where one would be.
export {
  UPSCALE_4K_EDGE,
  UPSCALE_MAX_EDGE,
  UPSCALE_MAX_PIXELS,
  upscaleDimensions,
  upscaleImage,
} from './upscale';
export {
  INFERENCE_MAX_EDGE,
  applyAlphaMask,
  removeBackground,
  type BackgroundRemovalModel,
} from './background-removal';
export {
  composeProductScene,
  renderSceneBackground,
  type ComposeSceneOptions,
  type SceneStyle,
} from './photoshoot';
export { PALETTES, recolourGarment, type PaletteName } from './recolour';
export { colourwayInThread, designPaletteInThread, recolourGarmentInThread } from './engine-thread';
export {
  VIDEO_FPS,
  VIDEO_FRAME_SIZES,
  ffmpegPath,
  renderMotionVideo,
  type MotionVideoOptions,
  type RenderedVideo,
  type VideoResolution,
} from './video';
export {
  DEFAULT_VIDEO_MOTION,
  VIDEO_MOTIONS,
  motionForTemplate,
  type VideoMotion,
} from './video-motions';
export {
  PREVIEW_BANNER_COLOUR,
  PREVIEW_LABEL,
  renderLabelledPreview,
  type LabelledPreviewOptions,
} from './labelled-preview';
export { aspectSize, fitToAspect, ratioOf, type AspectRatio } from './aspect';
export type { EngineImage } from './shared';
export { checkListingImage, withStoredSize, type ListingCheckResult } from './listing-check';
export { fixListingImage, type FixedListingImage, type ListingFixOptions } from './listing-fix';
