import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * The RateLimit-Policy and RateLimit fields of the IETF draft draft-ietf-httpapi-ratelimit-headers-10
 * (27 September 2025; issue 35, ADR 059): each limit a call counted against, as a Structured Field
 * List item named after the limit,
 *   RateLimit-Policy: "api-key";q=600;w=60, "generate";q=20;w=60
 *   RateLimit: "api-key";r=599;t=42, "generate";r=19;t=42
 * (q quota, w window in seconds, r remaining, t seconds until the window starts again). The
 * plugin's own X-RateLimit-* headers stay for older clients; they describe a route's limit only.
 */

/** One quota policy and where this request left it. */
export interface PolicyState {
  name: string;
  quota: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

const counted = new WeakMap<FastifyRequest, PolicyState[]>();
/** The route limit a request met (@fastify/rate-limit runs one per request), by name and window. */
const routeLimits = new WeakMap<FastifyRequest, { name: string; windowSeconds: number }>();

/** A limit's name as an sf-string: ours are lower-case words, so no escaping is ever needed. */
function sfString(name: string): string {
  if (!/^[a-z0-9][a-z0-9:_-]*$/.test(name)) throw new Error(`not a limit name: ${name}`);
  return `"${name}"`;
}

/** Records a limit this request counted against (checked by the caller, not the plugin). */
export function notePolicy(request: FastifyRequest, state: PolicyState): void {
  const list = counted.get(request) ?? [];
  counted.set(request, [...list.filter((s) => s.name !== state.name), state]);
}

/** Records which route limit (made by byUserOrAddress) the plugin is counting this request under. */
export function noteRouteLimit(request: FastifyRequest, name: string, windowSeconds: number): void {
  routeLimits.set(request, { name, windowSeconds });
}

const headerNumber = (reply: FastifyReply, name: string): number | null => {
  const value = Number(reply.getHeader(name));
  return Number.isInteger(value) && value >= 0 ? value : null;
};

/** Every limit the request counted against: the noted ones, then the route's (from its headers). */
export function policiesOf(request: FastifyRequest, reply: FastifyReply): PolicyState[] {
  const list = [...(counted.get(request) ?? [])];
  const route = routeLimits.get(request);
  const quota = headerNumber(reply, 'x-ratelimit-limit');
  const remaining = headerNumber(reply, 'x-ratelimit-remaining');
  const reset = headerNumber(reply, 'x-ratelimit-reset');
  if (route && quota !== null && remaining !== null && reset !== null) {
    list.push({ ...route, quota, remaining, resetSeconds: reset });
  }
  return list;
}

/** `"api-key";q=600;w=60, "generate";q=20;w=60` */
export const policyField = (states: readonly PolicyState[]): string =>
  states
    .map((s) => `${sfString(s.name)};q=${String(s.quota)};w=${String(s.windowSeconds)}`)
    .join(', ');

/** `"api-key";r=599;t=42, "generate";r=19;t=42` */
export const limitField = (states: readonly PolicyState[]): string =>
  states
    .map((s) => `${sfString(s.name)};r=${String(s.remaining)};t=${String(s.resetSeconds)}`)
    .join(', ');

/** onSend: writes both fields when the request counted against any limit. */
export async function writeRateLimitFields(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const states = policiesOf(request, reply);
  if (states.length > 0) {
    reply.header('RateLimit-Policy', policyField(states));
    reply.header('RateLimit', limitField(states));
  }
  return payload;
}
