import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { estimateResponseSchema } from '@studio/contract/responses';
import type { EstimateFeature } from '@studio/contract/tools';
import { useCurrentUser } from '@/features/auth';
import { api, schemaParser } from '@/lib/api-client';

type JsonValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/**
 * The generate settings that change a price (mode, duration, number of images, factor…), as JSON:
 * the try-on sends its chosen `template: [{ templateId, templateUrl, prompt }]`, priced per template.
 */
export type EstimatePayload = Record<string, JsonValue>;

export const estimateQueryPrefix = ['generations', 'estimate'] as const;

export const estimateQueryOptions = (
  userId: string,
  feature: EstimateFeature,
  payload: EstimatePayload,
) =>
  queryOptions({
    queryKey: [...estimateQueryPrefix, userId, feature, payload] as const,
    queryFn: ({ signal }) =>
      api.post(
        '/credits/estimate',
        { ...payload, feature, userId },
        { parse: schemaParser(estimateResponseSchema), signal },
      ),
    // The balance moves with every generation (here or in another tab): never trust an old answer.
    staleTime: 0,
  });

/**
 * The price of the current settings and whether the user can afford it (document 2 §4 Credit
 * estimation): re-asked whenever the payload changes, once `enabled` (a user and an input image).
 * The previous answer stays on screen while the next one loads, so the box does not flicker.
 */
export function useCreditEstimate(
  feature: EstimateFeature,
  payload: EstimatePayload,
  enabled: boolean,
) {
  const userId = useCurrentUser()?.id ?? null;
  const query = useQuery({
    ...estimateQueryOptions(userId ?? '', feature, payload),
    enabled: enabled && userId !== null,
    placeholderData: keepPreviousData,
  });
  return {
    estimate: enabled ? query.data : undefined,
    isEstimating: enabled && userId !== null && query.isFetching,
    error: enabled && query.isError ? query.error : null,
    enabled: enabled && userId !== null,
  };
}

export type CreditEstimateState = ReturnType<typeof useCreditEstimate>;
