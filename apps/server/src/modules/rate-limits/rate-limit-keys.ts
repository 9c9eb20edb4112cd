import type { FastifyRequest } from 'fastify';
import '../auth/session-guard';

/**
 * The key of a per-user limit named `name`: the signed-in user, whichever address they call from
 * (users behind one NAT do not share a budget), and the address only for a call without a session
 * (issue 19). The session guard runs in `onRequest` before the limits, so the user is known here.
 * The name keeps each limit's counters apart in the one shared table.
 */
export function byUserOrAddress(name: string): (request: FastifyRequest) => string {
  return (request) =>
    request.sessionUser ? `${name}:user:${request.sessionUser.id}` : `${name}:ip:${request.ip}`;
}
