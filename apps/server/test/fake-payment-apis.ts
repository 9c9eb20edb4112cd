import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local fakes of the two payment APIs we call, speaking their wire formats: Stripe's
 * form-encoded `POST /v1/checkout/sessions` and Razorpay's JSON `POST /v1/payment_links`, both
 * with basic/bearer auth. They record what they were asked; `failNext(n)` makes the next n calls answer 500.
 */
export interface FakePaymentApis {
  url: string;
  stripeSessions: Record<string, string>[];
  razorpayLinks: Record<string, unknown>[];
  failNext: (times?: number) => void;
  close: () => Promise<void>;
}

export async function startFakePaymentApis(): Promise<FakePaymentApis> {
  const stripeSessions: Record<string, string>[] = [];
  const razorpayLinks: Record<string, unknown>[] = [];
  const idempotent = new Map<string, unknown>();
  let failures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (failures > 0) {
        failures -= 1;
        send(500, { error: { message: 'fake outage', type: 'api_error' } });
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
          send(401, { error: { message: 'Invalid API key', type: 'invalid_request_error' } });
          return;
        }
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (replay) {
          send(200, replay);
          return;
        }
        const params = Object.fromEntries(new URLSearchParams(body));
        stripeSessions.push(params);
        const id = `cs_test_${randomBytes(8).toString('hex')}`;
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          client_reference_id: params.client_reference_id,
          amount_total: Number(params['line_items[0][price_data][unit_amount]']),
          currency: params['line_items[0][price_data][currency]'],
          payment_status: 'unpaid',
          status: 'open',
        };
        if (typeof key === 'string') idempotent.set(key, session);
        send(200, session);
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/payment_links') {
        if (!req.headers.authorization?.startsWith('Basic ')) {
          send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
          return;
        }
        const params = JSON.parse(body) as Record<string, unknown>;
        razorpayLinks.push(params);
        const id = `plink_${randomBytes(7).toString('hex')}`;
        send(200, {
          id,
          short_url: `https://rzp.io/i/${id.slice(6, 14)}`,
          status: 'created',
          ...params,
        });
        return;
      }
      send(404, { error: { message: `No fake for ${req.method ?? ''} ${req.url ?? ''}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    stripeSessions,
    razorpayLinks,
    failNext: (times = 1) => {
      failures = times;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
