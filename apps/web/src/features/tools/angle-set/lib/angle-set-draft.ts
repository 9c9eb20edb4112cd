import { z } from 'zod/mini';
import { toolDraftReader } from '@/features/generations';
import { CATEGORY_LIST, VIEW_LIST, type AngleSetSettings } from './angle-set-request';

export const readAngleSetDraft = toolDraftReader<AngleSetSettings>(
  z.object({ views: z.array(z.enum(VIEW_LIST)), category: z.enum(CATEGORY_LIST) }),
);
