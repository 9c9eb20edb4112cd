import { z } from 'zod/mini';
import { ETHNICITIES } from '@studio/contract/tools';
import { toolDraftReader } from '@/features/generations';
import type { RealisticSettings } from './realistic-request';

/** The page as the user left it (the kit's draft); anything unexpected counts as no draft. */
export const readRealisticDraft = toolDraftReader<RealisticSettings>(
  z.object({
    templateIds: z.array(z.string()),
    ethnicity: z.enum(ETHNICITIES),
    prompt: z.string(),
  }),
);
