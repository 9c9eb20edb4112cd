import {
  productDisplayName,
  orderStatusRequestSchema,
  orderStatusResponseSchema,
  paymentLinkRequestSchema,
  paymentLinkResponseSchema,
  planChangePreviewRequestSchema,
  planChangePreviewResponseSchema,
  sandboxCompleteRequestSchema,
  sandboxCompleteResponseSchema,
  sandboxOrderResponseSchema,
  subscriptionStatusResponseSchema,
  userIdBodySchema,
  type OrderStatus,
  type PaymentCurrency,
} from '@studio/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsConfig } from '../../config/env';
import { AppError, notFound } from '../../http/errors';
import { header, keepJsonBodiesRaw, rawJsonBody } from '../../http/raw-body';
import { parseRazorpayWebhook } from '../../platform/payments/razorpay';
import { parseStripeWebhook } from '../../platform/payments/stripe';
import { InvalidWebhookError, type PaymentEvent } from '../../platform/payments/types';
import { requireUser } from '../auth/session-guard';
import * as billing from './billing.service';
import { byUserOrAddress } from '../rate-limits/rate-limit-keys';

const tags = ['billing'];

export interface BillingRouteDeps extends billing.BillingDeps {
  payments: PaymentsConfig;
  rateLimitMultiplier: number;
}

export const billingRoutes =
  (deps: BillingRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Each link creates an order and a provider session: a person needs a handful a minute.
    const paymentLinkLimit = app.rateLimit({
      max: Math.ceil(20 * deps.rateLimitMultiplier),
      timeWindow: '1 minute',
      keyGenerator: byUserOrAddress('payment-link'),
      errorResponseBuilder: () =>
        new AppError(429, 'rate_limited', 'Too many payment attempts. Please wait a minute.'),
    });

    const paymentLinkRoute = (url: string, currency: PaymentCurrency, summary: string) =>
      app.post(
        url,
        {
          preHandler: paymentLinkLimit,
          schema: {
            tags,
            summary,
            body: paymentLinkRequestSchema,
            response: { 200: paymentLinkResponseSchema },
          },
        },
        async (request) => {
          const { paymentLink, orderId } = await billing.createPaymentLink(
            deps,
            requireUser(request),
            { serviceType: request.body.service_type, currency, amount: request.body.amount },
          );
          return { success: true as const, payment_link: paymentLink, orderId };
        },
      );
    paymentLinkRoute('/generate-payment-link', 'USD', 'Start a payment in USD (Stripe Checkout)');
    paymentLinkRoute('/generate-payment-link-inr', 'INR', 'Start a payment in INR (Razorpay)');

    app.post(
      '/order/status',
      {
        schema: {
          tags,
          summary: 'Where a payment stands (after returning from checkout)',
          body: orderStatusRequestSchema,
          response: { 200: orderStatusResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await billing.orderStatus(deps, requireUser(request).id, request.body.orderId)),
      }),
    );

    app.post(
      '/subscription/status',
      {
        schema: {
          tags,
          summary: 'The current plan, its end and the previous plan',
          body: userIdBodySchema,
          response: { 200: subscriptionStatusResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await billing.subscriptionStatus(deps, requireUser(request).id)),
      }),
    );

    app.post(
      '/subscription/change-preview',
      {
        schema: {
          tags,
          summary: 'What buying a plan would do to the running one, and the amount (ADR 050)',
          body: planChangePreviewRequestSchema,
          response: { 200: planChangePreviewResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await billing.previewPlanChange(deps, requireUser(request).id, {
          serviceType: request.body.service_type,
          currency: request.body.currency,
        })),
      }),
    );

    app.get(
      '/orders/:orderId/receipt.pdf',
      {
        schema: {
          tags,
          summary: 'The receipt of a paid order, as a PDF (ADR 051)',
          params: z.object({ orderId: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await billing.orderReceipt(
          deps,
          requireUser(request).id,
          request.params.orderId,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    if (deps.payments.sandbox) registerSandboxRoutes(app, deps);
    await app.register(webhookRoutes(deps));
  };

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

function registerSandboxRoutes(typed: ZodApp, deps: BillingRouteDeps): void {
  typed.get(
    '/payments/sandbox/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'A sandbox order as the local test checkout shows it',
        params: z.object({ orderId: z.string().max(100) }),
        response: { 200: sandboxOrderResponseSchema },
      },
    },
    async (request) => {
      const order = await billing.sandboxOrder(
        deps,
        requireUser(request).id,
        request.params.orderId,
      );
      return {
        success: true as const,
        orderId: order.id,
        plan_display_name: productDisplayName(order.serviceType),
        amount: order.amountMinor / 100,
        currency: order.currency as PaymentCurrency,
        credits: order.credits,
        status: order.status as OrderStatus,
        plan_change: await billing.planChangeNote(deps, order),
      };
    },
  );
  typed.post(
    '/payments/sandbox/complete',
    {
      schema: {
        tags,
        summary: 'Pay, fail or cancel a sandbox order (runs the real fulfilment path)',
        body: sandboxCompleteRequestSchema,
        response: { 200: sandboxCompleteResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await billing.completeSandboxPayment(
        deps,
        requireUser(request).id,
        request.body.orderId,
        request.body.outcome,
      )),
    }),
  );
}

/**
 * Provider webhooks: public (the signature is the authentication), verified on the exact bytes
 * received, so this scope keeps JSON bodies raw.
 */
const webhookRoutes =
  (deps: BillingRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    keepJsonBodiesRaw(app);

    const handle = async (request: FastifyRequest, parse: (raw: Buffer) => PaymentEvent) => {
      const raw = rawJsonBody(request);
      let event: PaymentEvent;
      try {
        event = parse(raw);
      } catch (error) {
        if (error instanceof InvalidWebhookError) {
          request.log.warn({ provider: request.url, reason: error.message }, 'webhook refused');
          throw new AppError(400, 'invalid_signature', 'Webhook signature verification failed.');
        }
        throw error;
      }
      const result = await billing.handlePaymentEvent(deps, event);
      request.log.info({ eventId: event.eventId, type: event.type, result }, 'payment event');
      return { received: true, result };
    };
    const config = { public: true };
    const schema = { tags, hide: false };

    const { stripe, razorpay } = deps.payments;
    app.post(
      '/payments/stripe/webhook',
      {
        config,
        schema: {
          ...schema,
          summary: "Stripe's payment events, verified on the raw body by its signature header",
        },
      },
      async (request) => {
        if (!stripe) throw notFound('Stripe is not configured');
        return handle(request, (raw) =>
          parseStripeWebhook(stripe, raw, header(request, 'stripe-signature')),
        );
      },
    );
    app.post(
      '/payments/razorpay/webhook',
      {
        config,
        schema: {
          ...schema,
          summary: "Razorpay's payment events, verified on the raw body by its signature header",
        },
      },
      async (request) => {
        if (!razorpay) throw notFound('Razorpay is not configured');
        return handle(request, (raw) =>
          parseRazorpayWebhook(
            razorpay,
            raw,
            header(request, 'x-razorpay-signature'),
            header(request, 'x-razorpay-event-id'),
          ),
        );
      },
    );
  };
