import type { FalTools } from '../tool';
import { aiDesigner } from './ai-designer';
import { aiPoses } from './ai-poses';
import { angleSet } from './angle-set';
import { backgroundRemoval } from './background-removal';
import { fashionExtractor } from './fashion-extractor';
import { photoshoot } from './photoshoot';
import { realisticTryOn } from './realistic-try-on';
import { tryOn } from './try-on';
import { upscaler } from './upscaler';
import { video } from './video';

/** Every tool's fal mapping, one file each. */
export const FAL_TOOLS: FalTools = {
  'try-on': tryOn,
  'realistic-try-on': realisticTryOn,
  'ai-designer': aiDesigner,
  'ai-poses': aiPoses,
  photoshoot,
  'fashion-extractor': fashionExtractor,
  upscaler,
  'background-removal': backgroundRemoval,
  'video-generation': video,
  'angle-set': angleSet,
};
