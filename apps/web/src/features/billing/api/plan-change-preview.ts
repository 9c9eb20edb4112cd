import { useMutation } from '@/lib/use-mutation';
import { getProduct } from '@studio/contract/plans';
import {
  planChangePreviewResponseSchema,
  type PlanChangePreviewResponse,
} from '@studio/contract/responses';
import { api, schemaParser } from '@/lib/api-client';
import type { Purchase } from '../lib/payment-request';

export type PlanChangePreview = PlanChangePreviewResponse;

/**
 * `POST /subscription/change-preview` (ADR 050): what buying a plan does to the running one, and
 * the amount, as the server computes it (the same function its fulfilment applies).
 */
export function fetchPlanChangePreview(
  purchase: Purchase,
  userId: string,
): Promise<PlanChangePreview> {
  return api.post(
    '/subscription/change-preview',
    {
      service_type: getProduct(purchase.family, purchase.period).serviceType,
      currency: purchase.currency,
      userId,
    },
    { parse: schemaParser(planChangePreviewResponseSchema) },
  );
}

export function usePlanChangePreview(userId: string | null) {
  return useMutation({
    mutationFn: (purchase: Purchase) => {
      if (userId === null) throw new Error('Sign in to buy a plan');
      return fetchPlanChangePreview(purchase, userId);
    },
  });
}
