import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The message a caller sees, one for every route. */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  // A raw webhook body (Buffer) or an upload stream is bytes, not text to be stored.
  !ArrayBuffer.isView(value) &&
  !(value instanceof ArrayBuffer) &&
  typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * The dotted path of the first string (or object key) in `value` that contains U+0000, or
 * undefined. Iterative, so a deeply nested 1 MB body cannot overflow the stack.
 */
export function findNul(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  const join = (parent: string, key: string | number) =>
    parent === '' ? String(key) : `${parent}.${key}`;
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, join(path, index)]));
    } else if (isRecord(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return join(path, key.replaceAll('\u0000', '\\u0000'));
        stack.push([item, join(path, key)]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb: a NUL anywhere in a request used to reach a
 * query and come back as a 500. One root `preValidation` hook refuses it for every route (ours and
 * Better Auth's /api/auth/*), in the body, the query string and the path parameters, before any
 * handler runs.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const source of [request.params, request.query, request.body]) {
      const path = findNul(source);
      if (path !== undefined) {
        throw new AppError(400, 'validation_failed', NUL_MESSAGE, [
          { path, message: 'must not contain the NUL character (\\u0000)' },
        ]);
      }
    }
  });
}
