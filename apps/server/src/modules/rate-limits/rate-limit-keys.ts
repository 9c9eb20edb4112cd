import type { FastifyRequest } from 'fastify';
import '../auth/session-guard';
import { noteRouteLimit } from './ratelimit-fields';

/**
 * The key of a per-user limit named `name`: the signed-in user, whichever address they call from
 * (users behind one NAT do not share a budget), and the address only for a call without a session
 * (issue 19). The session guard runs in `onRequest` before the limits, so the user is known here;
 * an API key's calls count as its owner's (so a user's keys share one budget). The name keeps each
 * limit's counters apart in the one shared table, and names the limit in the RateLimit fields,
 * with `windowSeconds` (the limit's timeWindow; every such limit counts per minute today).
 */
export function byUserOrAddress(
  name: string,
  windowSeconds = 60,
): (request: FastifyRequest) => string {
  return (request) => {
    noteRouteLimit(request, name, windowSeconds);
    return request.sessionUser
      ? `${name}:user:${request.sessionUser.id}`
      : `${name}:ip:${request.ip}`;
  };
}
