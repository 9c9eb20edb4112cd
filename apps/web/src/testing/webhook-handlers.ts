import type { WebhookDelivery, WebhookEndpoint, WebhookSecret } from '@studio/contract/responses';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { errorResponse } from './server';

const ENDPOINTS_URL = '/api/v1/webhook-endpoints';

/** A listed endpoint as the server answers it (`GET /webhook-endpoints`). */
export function webhookEndpoint(fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'we_1',
    url: 'https://shop.example/hooks',
    description: null,
    events: ['generation.succeeded', 'generation.failed'],
    status: 'enabled',
    disabledReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
}

/** A delivery as the log answers it (`GET /webhook-endpoints/:id/deliveries`). */
export function webhookDelivery(fields: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'msg_1',
    eventType: 'generation.succeeded',
    status: 'succeeded',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    createdAt: '2026-11-29T09:00:00.000Z',
    lastAttemptAt: '2026-11-29T09:00:01.000Z',
    nextAttemptAt: null,
    ...fields,
  };
}

export interface WebhookFake {
  endpoints: WebhookEndpoint[];
  /** Deliveries per endpoint id, newest first. */
  deliveries: Record<string, WebhookDelivery[]>;
  /** Delivery ids a 'Resend' was asked for, in order. */
  resent: string[];
}

const PAGE = 2;

/**
 * The webhook routes over the test's own lists: POST answers a secret once (`secrets` in turn),
 * rotate answers the next one, enable clears the disabled state, deliveries page by two.
 */
export function webhookHandlers(fake: WebhookFake, secrets: string[]): RequestHandler[] {
  const nextSecret = () => secrets.shift() ?? 'whsec_c2VjcmV0';
  const find = (id: unknown) => fake.endpoints.find((endpoint) => endpoint.id === id);
  const secretAnswer = (id: string, status: number) => {
    const body: WebhookSecret = { success: true, id, secret: nextSecret() };
    return HttpResponse.json(body, { status });
  };
  return [
    http.get(ENDPOINTS_URL, () => HttpResponse.json({ success: true, endpoints: fake.endpoints })),
    http.post(ENDPOINTS_URL, async ({ request }) => {
      const body = (await request.json()) as Pick<WebhookEndpoint, 'url' | 'events'>;
      const id = `we_${String(fake.endpoints.length + 1)}`;
      fake.endpoints.unshift(webhookEndpoint({ id, url: body.url, events: body.events }));
      return secretAnswer(id, 201);
    }),
    http.delete(`${ENDPOINTS_URL}/:id`, ({ params }) => {
      const endpoint = find(params.id);
      if (!endpoint) return errorResponse(404, 'not_found', 'No such endpoint.');
      fake.endpoints.splice(fake.endpoints.indexOf(endpoint), 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${ENDPOINTS_URL}/:id/rotate-secret`, ({ params }) =>
      find(params.id)
        ? secretAnswer(String(params.id), 200)
        : errorResponse(404, 'not_found', 'No such endpoint.'),
    ),
    http.post(`${ENDPOINTS_URL}/:id/enable`, ({ params }) => {
      const endpoint = find(params.id);
      if (!endpoint) return errorResponse(404, 'not_found', 'No such endpoint.');
      endpoint.status = 'enabled';
      endpoint.disabledReason = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${ENDPOINTS_URL}/:id/deliveries`, ({ params, request }) => {
      const all = fake.deliveries[String(params.id)] ?? [];
      const from = Number(new URL(request.url).searchParams.get('cursor') ?? '0');
      const page = all.slice(from, from + PAGE);
      const nextCursor = from + PAGE < all.length ? String(from + PAGE) : null;
      return HttpResponse.json({ success: true, deliveries: page, nextCursor });
    }),
    http.post(`${ENDPOINTS_URL}/:id/deliveries/:deliveryId/resend`, ({ params }) => {
      fake.resent.push(String(params.deliveryId));
      return new HttpResponse(null, { status: 202 });
    }),
  ];
}
