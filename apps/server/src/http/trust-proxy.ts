import type { Config } from '../config/env';

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify treats a bare hop count as "trust nothing" (it
 * cannot check the immediate peer), so a count becomes the equivalent function: the `hops` nearest
 * addresses are proxies, and the client is the one they name. Only safe when the port is reachable
 * through the load balancer alone; addresses or CIDRs are checked on every hop.
 */
export function fastifyTrustProxy(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
