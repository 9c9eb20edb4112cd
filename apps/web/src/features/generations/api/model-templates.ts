import { queryOptions, useQuery } from '@tanstack/react-query';
import { modelTemplatesResponseSchema } from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';

/** `GET /templates`: the model templates. The server lets clients cache them for a minute. */
export const modelTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ['generations', 'model-templates'] as const,
    queryFn: ({ signal }) =>
      api.get('/templates', { parse: schemaParser(modelTemplatesResponseSchema), signal }),
    staleTime: 60_000,
  });

export function useModelTemplates() {
  return useQuery(modelTemplatesQueryOptions());
}
