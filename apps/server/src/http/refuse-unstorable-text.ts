// `String#isWellFormed` is ES2024 (Node ≥ 20, which `engines` requires); the base lib is ES2023.
/// <reference lib="es2024.string" />
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The messages a caller sees, one per problem, the same on every route. */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';
export const LONE_SURROGATE_MESSAGE =
  'Text cannot contain a lone UTF-16 surrogate (\\ud800–\\udfff without its pair): send valid Unicode.';

/** Why a string cannot be stored, and what the field's detail says. */
const PROBLEMS = {
  nul: { message: NUL_MESSAGE, detail: 'must not contain the NUL character (\\u0000)' },
  'lone-surrogate': {
    message: LONE_SURROGATE_MESSAGE,
    detail: 'must not contain a lone UTF-16 surrogate (\\ud800–\\udfff without its pair)',
  },
} as const;
export type TextProblem = keyof typeof PROBLEMS;

export interface UnstorableText {
  /** The dotted path of the field (array items by index, keys escaped as `\uXXXX`). */
  path: string;
  problem: TextProblem;
}

/**
 * What PostgreSQL cannot store in text or jsonb: U+0000, and a surrogate without its pair (a high
 * one not followed by a low one, or a low one not preceded by a high one), which JSON can spell
 * (`"\ud800"`) but UTF-8 cannot encode: jsonb refuses the escape, and text gets U+FFFD.
 */
function problemOf(text: string): TextProblem | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (!text.isWellFormed()) return 'lone-surrogate';
  return undefined;
}

/** A key as a path segment the answer can carry as is: NUL and lone surrogates as `\uXXXX`. */
const escapeKey = (key: string) =>
  // Array.from walks code points: a pair stays one, well-formed; a lone surrogate is alone.
  Array.from(key, (char) =>
    char === '\u0000' || !char.isWellFormed()
      ? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
      : char,
  ).join('');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  // A raw webhook body (Buffer) or an upload stream is bytes, not text to be stored.
  !ArrayBuffer.isView(value) &&
  !(value instanceof ArrayBuffer) &&
  typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * The first string (or object key) in `value` that PostgreSQL cannot store, with its dotted path,
 * or undefined. Iterative, so a deeply nested 1 MB body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): UnstorableText | undefined {
  const stack: [unknown, string][] = [[value, '']];
  const join = (parent: string, key: string | number) =>
    parent === '' ? String(key) : `${parent}.${key}`;
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      const problem = problemOf(current);
      if (problem) return { path, problem };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push([item, join(path, index)]));
    } else if (isRecord(current)) {
      for (const [key, item] of Object.entries(current)) {
        const problem = problemOf(key);
        if (problem) return { path: join(path, escapeKey(key)), problem };
        stack.push([item, join(path, key)]);
      }
    }
  }
  return undefined;
}

/**
 * A NUL or a lone surrogate anywhere in a request used to reach a query and come back as a 500
 * (issues 19 and 29). One root `preValidation` hook refuses both for every route (ours and Better
 * Auth's /api/auth/*), in the body, the query string and the path parameters, before any handler
 * runs: 400 `validation_failed` with the field's path (ADR 036).
 */
export function registerUnstorableTextRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const source of [request.params, request.query, request.body]) {
      const found = findUnstorableText(source);
      if (found !== undefined) {
        const { message, detail } = PROBLEMS[found.problem];
        throw new AppError(400, 'validation_failed', message, [
          { path: found.path, message: detail },
        ]);
      }
    }
  });
}
