import type { GenerationAccepted } from '@studio/contract';
import { generationAcceptedSchema } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

/**
 * `POST /generations/:id/free-regeneration` (ADR 037): reruns, once and at no charge, a result
 * that failed the garment-fidelity check. A second ask is refused with the server's message.
 */
export function askFreeRegeneration(generationId: string): Promise<GenerationAccepted> {
  return api.post(
    `/generations/${encodeURIComponent(generationId)}/free-regeneration`,
    {},
    { parse: schemaParser(generationAcceptedSchema) },
  );
}
