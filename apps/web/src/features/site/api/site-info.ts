import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteInfoResponseSchema, type SiteInfoResponse } from '@studio/contract';
import { SUPPORT_EMAIL } from '@studio/contract/constants';
import { api, schemaParser } from '@/lib/api-client';

/**
 * `GET /api/v1/site-info` (public): support contact and legal texts. They change only when the
 * server is reconfigured, so one load serves the whole visit.
 */
export const siteInfoQueryOptions = queryOptions({
  queryKey: ['site-info'] as const,
  queryFn: ({ signal }): Promise<SiteInfoResponse> =>
    api.get('/site-info', { parse: schemaParser(siteInfoResponseSchema), signal }),
  staleTime: Infinity,
});

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions);
}

/** The support address the operator configured; the built-in one until the answer arrives. */
export function useSupportEmail(): string {
  return useSiteInfo().data?.supportEmail ?? SUPPORT_EMAIL;
}
