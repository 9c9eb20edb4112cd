import { queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import type { CreateWebhookEndpointRequest } from '@studio/contract';
import {
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookSecretSchema,
} from '@studio/contract/responses';
import { api, ignoreBody, schemaParser } from '@/lib/api-client';

const ENDPOINTS = '/webhook-endpoints';
const endpointPath = (id: string) => `${ENDPOINTS}/${encodeURIComponent(id)}`;

const readEndpoints = (data: unknown) => webhookEndpointListSchema.parse(data).endpoints;

export const webhookEndpointsQueryKey = ['developers', 'webhook-endpoints'] as const;
const deliveriesQueryKey = (id: string) => [...webhookEndpointsQueryKey, id, 'deliveries'] as const;

/** `GET /webhook-endpoints`: the user's endpoints, newest first (ADR 060). */
export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: webhookEndpointsQueryKey,
    queryFn: ({ signal }) => api.get(ENDPOINTS, { parse: readEndpoints, signal }),
  });

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions());
}

/** Every change to an endpoint reads the list again. */
function useEndpointMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

/** `POST /webhook-endpoints` → 201 `{ id, secret }`: the signing secret is in this answer only. */
export function useCreateWebhookEndpoint() {
  return useEndpointMutation((input: CreateWebhookEndpointRequest) =>
    api.post(ENDPOINTS, input, { parse: schemaParser(webhookSecretSchema) }),
  );
}

/** `DELETE /webhook-endpoints/:id` → 204: deliveries to it stop. */
export function useDeleteWebhookEndpoint() {
  return useEndpointMutation((id: string) => api.delete(endpointPath(id), { parse: ignoreBody }));
}

/** `POST /webhook-endpoints/:id/rotate-secret`: a new secret; the old one signs beside it for 24 h. */
export function useRotateWebhookSecret() {
  return useEndpointMutation((id: string) =>
    api.post(`${endpointPath(id)}/rotate-secret`, undefined, {
      parse: schemaParser(webhookSecretSchema),
    }),
  );
}

/** `POST /webhook-endpoints/:id/enable`: deliveries resume to an endpoint disabled after failures. */
export function useEnableWebhookEndpoint() {
  return useEndpointMutation((id: string) =>
    api.post(`${endpointPath(id)}/enable`, undefined, { parse: ignoreBody }),
  );
}

/** `GET /webhook-endpoints/:id/deliveries`: newest first, a page at a time ('Load more'). */
export function useWebhookDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: deliveriesQueryKey(endpointId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get(
        `${endpointPath(endpointId)}/deliveries${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { parse: schemaParser(webhookDeliveryListSchema), signal },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** `POST …/deliveries/:id/resend` → 202: a fresh attempt now; the log is read again. */
export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post(
        `${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        undefined,
        {
          parse: ignoreBody,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpointId) }),
  });
}
