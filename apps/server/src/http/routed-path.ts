import type { FastifyRequest } from 'fastify';

/**
 * The path a request was routed by, for decisions that depend on which endpoint runs (issue 29):
 * the raw URL is not it, since the router decodes escapes (`/%61pi/v1/user/name` runs
 * `/api/v1/user/name`). Our own routes answer with their matched pattern; a wildcard route (Better
 * Auth's `/api/auth/*`) with the URL's path, dot segments resolved and escapes decoded, so any
 * spelling its router might accept is seen as the endpoint it names. A request no route matched
 * runs nothing and has no routed path.
 */
export function routedPath(request: FastifyRequest): string | undefined {
  const pattern = request.routeOptions.url;
  if (pattern === undefined || !pattern.includes('*')) return pattern;
  const path = new URL(request.url, 'http://localhost').pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    // A malformed escape: no router decodes it into a name, so the path stays as sent.
    return path;
  }
}
