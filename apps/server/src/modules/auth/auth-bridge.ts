import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { routedPath } from '../../http/routed-path';
import type { Auth } from './auth';

/** Better Auth's own endpoints, called through its fetch-style handler with the request as sent. */
export function callAuth(auth: Auth, request: FastifyRequest): Promise<Response> {
  const url = new URL(request.url, auth.options.baseURL);
  return auth.handler(
    new Request(url, {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    }),
  );
}

const defaultCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
};

/**
 * A Better Auth failure as one of ours, for the one error handler to answer in our format
 * (issue 19: its 404 and 500 came back as `null` or plain text). A 4xx keeps its code (lower-cased,
 * as the web already reads it) and message; a 5xx becomes a plain Error, so the handler logs it and
 * the client learns nothing of the inside.
 */
export async function authError(response: Response): Promise<Error> {
  const text = await response.text();
  if (response.status >= 500) {
    return new Error(`Better Auth answered ${response.status}: ${text.slice(0, 500)}`);
  }
  let found: { code?: unknown; message?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) found = parsed;
  } catch {
    // Not JSON (a disabled endpoint answers the text "Not Found"): the status decides.
  }
  const code =
    typeof found.code === 'string' && found.code !== ''
      ? found.code.toLowerCase()
      : (defaultCodes[response.status] ?? 'bad_request');
  const message =
    typeof found.message === 'string' && found.message !== ''
      ? found.message
      : response.status === 404
        ? 'Not found'
        : 'The request could not be completed.';
  return new AppError(response.status, code, message);
}

/** Sends Better Auth's answer as it is when it succeeded; a failure goes to our error handler. */
export async function sendAuthResponse(
  reply: FastifyReply,
  request: FastifyRequest,
  response: Response,
): Promise<FastifyReply> {
  if (response.status >= 400) throw await authError(response);
  reply.status(response.status);
  // The provider sends the sign-in popup back here; it must not lose its opener (see ADR 008).
  if (routedPath(request)?.startsWith('/api/auth/callback/'))
    reply.header('cross-origin-opener-policy', 'unsafe-none');
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  // Several cookies must stay several headers; Headers.forEach would join them with commas.
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(response.body ? await response.text() : null);
}
