import { generationSettingsResponseSchema } from '@studio/contract/responses';
import { api } from '@/lib/api-client';

/**
 * The settings a past generation was made with (`GET /generations/:id/settings`), for the gallery's Reuse
 * settings (ADR 030). A module of its own: only the gallery's chunk carries the schema.
 */
export function fetchGenerationSettings(
  id: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  return api.get(`/generations/${encodeURIComponent(id)}/settings`, {
    parse: (data) => generationSettingsResponseSchema.parse(data).generation.settings,
    signal,
  });
}
