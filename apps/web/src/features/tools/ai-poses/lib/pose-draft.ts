import { z } from 'zod/mini';
import { toolDraftReader } from '@/features/generations';
import {
  ASPECT_RATIO_LIST,
  BACKGROUND_COLOUR_LIST,
  BACKGROUND_LIST,
  EXPRESSION_LIST,
  GENDER_LIST,
  POSE_TYPE_FILTER_LIST,
  VIEW_LIST,
  type PoseSettings,
} from './pose-request';

/** The page as the user left it (the kit's draft); anything unexpected counts as no draft. */
export const readPosesDraft = toolDraftReader<PoseSettings>(
  z.object({
    background: z.enum(BACKGROUND_LIST),
    expression: z.enum(EXPRESSION_LIST),
    viewType: z.enum(VIEW_LIST),
    aspectRatio: z.enum(ASPECT_RATIO_LIST),
    colour: z.enum(BACKGROUND_COLOUR_LIST),
    poseId: z.nullable(z.string()),
    filters: z.object({ gender: z.enum(GENDER_LIST), type: z.enum(POSE_TYPE_FILTER_LIST) }),
    prompt: z.string(),
    autoPosePending: z.boolean(),
  }),
);
