import { z } from 'zod/mini';
import { toolDraftReader } from '@/features/generations';
import type { ExtractorSettings } from './extractor-request';

/** The page as the user left it (the kit's draft); anything unexpected counts as no draft. */
export const readExtractorDraft = toolDraftReader<ExtractorSettings>(
  z.object({ instructions: z.string() }),
);

const runContextSchema = z.object({ prompt: z.string() });

/** What a run keeps for its results' hand-offs: the prompt it was made with. */
export type RunContext = z.infer<typeof runContextSchema>;

/** A kept run's context, or null when it is not one. */
export const readContext = (stored: unknown): RunContext | null =>
  runContextSchema.safeParse(stored).data ?? null;
