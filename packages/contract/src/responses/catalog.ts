import { z } from 'zod/mini';
import { GENDERS, POSE_TYPES } from '../tools';
import { int, readableEntries, success, text } from './read';

export const templateItemSchema = z.object({
  templateId: z.string(),
  templateName: z.string(),
  templateUrl: z.string(),
  templateDescription: text,
  category: z.catch(z.string(), 'General'),
  prompt: text,
});
export type TemplateItem = z.infer<typeof templateItemSchema>;
/** `GET /templates`: the model templates of the try-on and realistic photoshoot screens. */
export const modelTemplatesResponseSchema = z.array(templateItemSchema);

export const poseItemSchema = z.object({
  poseId: z.string(),
  poseName: z.string(),
  type: z.enum(POSE_TYPES),
  gender: z.enum(GENDERS),
  imageUrl: z.string(),
  prompt: z.string(),
  generationType: z.string(),
  liveStatus: z.boolean(),
  timestamp: z.string(),
});
export type PoseItem = z.infer<typeof poseItemSchema>;
export const posesResponseSchema = z.object({ success, poses: z.array(poseItemSchema) });

export const videoTemplateSchema = z.object({
  /** Numeric-like: the browser sorts by its number. */
  videoId: z.string(),
  videoUrl: z.string(),
  thumbnailUrl: text,
  duration: z.catch(int, 5),
  type: z.catch(z.string(), 'tryon'),
});
export type VideoTemplate = z.infer<typeof videoTemplateSchema>;
/** `POST /video/templates`; a template without an id or video is dropped. */
export const videoTemplatesResponseSchema = z.object({
  success,
  videoTemplates: readableEntries(videoTemplateSchema),
  message: text,
});
