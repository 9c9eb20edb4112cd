import { z } from 'zod/mini';
import { MODES, type Mode } from '@studio/contract/tools';
import { readHandedOver, type HandedOverResults } from './handed-over';

/** What most tools' runs keep for their results' hand-offs: the prompt and style sent. */
export const runContextSchema = z.object({ prompt: z.string(), style: z.string() });
export type RunContext = z.infer<typeof runContextSchema>;

/** A tool page as the user left it (useToolDraft): the tool's settings in the kit's envelope. */
export interface ToolDraft<S> {
  imageUrl: string | null;
  settings: S;
  mode: Mode;
  handedOver: HandedOverResults | null;
}

/**
 * The reader of a tool's stored draft (untyped JSON, possibly from an older deploy): its settings
 * checked by the tool's schema; anything unexpected counts as no draft, except malformed
 * handed-over results, which are dropped alone (the page still comes back).
 */
export function toolDraftReader<S>(
  settings: z.ZodMiniType<S>,
): (stored: unknown) => ToolDraft<S> | null {
  // The handed-over results are read after the schema, not by z.pipe/z.transform: zod/mini's
  // code rides in the chunk every page loads (vite.config.ts), and those two constructs, which only
  // drafts used, cost every route bytes (bench/bundle-size.mjs, docs/performance.md).
  const draft = z.object({
    imageUrl: z.nullable(z.string()),
    settings,
    mode: z.enum(MODES),
    handedOver: z.unknown(),
  });
  return (stored) => {
    const parsed = draft.safeParse(stored);
    if (!parsed.success) return null;
    const { imageUrl, settings: read, mode, handedOver } = parsed.data;
    return { imageUrl, settings: read, mode, handedOver: readHandedOver(handedOver) };
  };
}

/** A stored run context, or null when it is not one (useGenerationRun's `readContext`). */
export function readRunContext(stored: unknown): RunContext | null {
  const parsed = runContextSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
