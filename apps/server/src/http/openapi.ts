import { type ErrorCode, errorBodySchema } from '@studio/contract';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ERROR_STATUS, ROUTE_ERRORS, STATUS_MEANING } from './openapi-errors';
import { OPERATION_EXAMPLES } from './openapi-examples';

/**
 * The API reference's additions to each operation (issue 35): an operationId every route gets
 * (`GET /api/v1/generations/:id` → `getGenerationsById`), unique because it is made from the
 * method and the whole path, so generated clients name calls the same way in every build; and the
 * security the session guard really applies: none on public routes, the session cookie on the rest,
 * and a Bearer API key besides where the route names a scope (ADR 059).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((part) => part !== '' && part !== 'api' && part !== 'v1')
    .map((part) => {
      if (part === '*') return 'Path';
      const name = part.startsWith(':') ? `By-${part.slice(1)}` : part;
      return name
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join('');
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description: 'The session cookie a browser holds after signing in.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API key (`sk_live_…` or `sk_test_…`) made on /developers, as `Authorization: Bearer <key>`; accepted where the operation lists it, within its scopes.',
  },
} as const;

type Transform = typeof jsonSchemaTransform;

/** zod's JSON Schema transform, plus each operation's id, security, 4xx answers and examples. */
export const openApiTransform: Transform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const { route } = input;
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const config = (route.config ?? {}) as { public?: boolean; apiKey?: string };
  const security: Record<string, string[]>[] = config.public
    ? []
    : config.apiKey
      ? [{ session: [] }, { apiKey: [] }]
      : [{ session: [] }];
  const schema = transformed.schema as FastifySchema & Record<string, unknown>;
  const wildcard = input.url.endsWith('/*');
  const operationId = schema.operationId ?? operationIdOf(method, input.url);
  const examples = withExamples(schema, OPERATION_EXAMPLES[operationId]);
  return {
    // A wildcard tail (a signed zip link's token) is named in the document: OpenAPI path
    // parameters must be names, and `{*}` is not one.
    url: wildcard ? `${input.url.slice(0, -1)}:token` : input.url,
    schema: {
      ...schema,
      ...(wildcard ? { params: renamedWildcard(schema.params) } : {}),
      operationId,
      security,
      ...(examples.body === undefined ? multipartBody(schema) : { body: examples.body }),
      response: {
        ...fileResponse(schema),
        ...errorResponses(errorCodesOf(route, schema, input.url, operationId)),
        ...examples.response,
      },
    },
  };
};

/** The params JSON Schema with its `*` property called `token`. */
function renamedWildcard(params: unknown): unknown {
  if (typeof params !== 'object' || params === null) return params;
  const { properties, required, ...rest } = params as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  if (!properties || !('*' in properties)) return params;
  const { '*': token, ...others } = properties;
  return {
    ...rest,
    properties: { ...others, token },
    ...(required ? { required: required.map((name) => (name === '*' ? 'token' : name)) } : {}),
  };
}

const ANSWERS = Symbol('error codes a hook answers');

/**
 * Marks a route hook (a rate limit) with the error codes it answers, so every route it guards
 * lists them in the API reference without saying so itself.
 */
export function answering<T extends object>(hook: T, ...codes: ErrorCode[]): T {
  Object.defineProperty(hook, ANSWERS, { value: codes });
  return hook;
}

function hookCodes(route: RouteOptions): ErrorCode[] {
  return [route.onRequest, route.preValidation, route.preHandler]
    .flat()
    .flatMap((hook) =>
      typeof hook === 'function' ? ((hook as { [ANSWERS]?: ErrorCode[] })[ANSWERS] ?? []) : [],
    );
}

/**
 * Every error code a route can answer: what every /api/v1 route answers (400 a cookie beside a
 * key, 403 a key where none is taken or without the scope, or a foreign userId), what follows from
 * the route's own options (401 unless public; 429 where a key may call; 400 validation with a
 * schema; 413 and 415 with a body; 404 with an id in the path; 422 with an Idempotency-Key; the
 * codes its hooks answer, 429 for a rate limit), and the codes openapi-errors.ts lists for it.
 */
export function errorCodesOf(
  route: RouteOptions,
  schema: Record<string, unknown>,
  url: string,
  operationId: string,
): ErrorCode[] {
  const config = (route.config ?? {}) as { public?: boolean; apiKey?: string };
  const codes = new Set<ErrorCode>(['bad_request', 'forbidden']);
  if (!config.public) codes.add('unauthorized');
  // Every call an API key makes counts against the key's own limit (rate-limits/api-key-limit.ts).
  if (config.apiKey) codes.add('rate_limited');
  if (schema.body || schema.querystring || schema.params || schema.headers) {
    codes.add('validation_failed');
  }
  if (hasProperty(schema.headers, 'idempotency-key')) codes.add('idempotency_key_reused');
  if (schema.body) {
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  // A path names an object the caller must own (404 otherwise); a :userId that is not the
  // caller's is the guard's 403 instead.
  const pathParams = url.split('/').filter((part) => part.startsWith(':') || part === '*');
  if (pathParams.some((part) => part !== ':userId')) codes.add('not_found');
  for (const code of [...hookCodes(route), ...(ROUTE_ERRORS[operationId] ?? [])]) codes.add(code);
  return [...codes];
}

function hasProperty(jsonSchema: unknown, name: string): boolean {
  const properties = (jsonSchema as { properties?: Record<string, unknown> } | undefined)
    ?.properties;
  return properties !== undefined && name in properties;
}

const { properties: errorBodyProperties = {}, required: errorBodyRequired } = z.toJSONSchema(
  errorBodySchema,
  { target: 'draft-2020-12', io: 'input' },
);

/**
 * The one error body (error-handler.ts) as components of the reference: `ErrorBody` around
 * `Error`, which each 4xx answer narrows to the codes it can carry.
 */
export const ERROR_SCHEMAS = {
  ErrorBody: {
    type: 'object',
    description:
      'Every failure: a stable `error.code` to branch on, a `message` safe to show, and `details` where there is more (the fields that failed validation, the credits missing).',
    properties: {
      ...errorBodyProperties,
      error: { $ref: '#/components/schemas/Error' },
    },
    required: errorBodyRequired,
  },
  Error: errorBodyProperties.error,
} as Record<string, OpenAPIV3_1.SchemaObject>;

/** One response per 4xx status, each with its error codes as an enum and an example. */
function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const statuses: readonly number[] = [ERROR_STATUS[code]].flat();
    for (const status of statuses) {
      if (status < 400 || status >= 500) continue;
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        String(status),
        {
          description: STATUS_MEANING[status] ?? 'Refused.',
          content: {
            'application/json': {
              schema: {
                allOf: [{ $ref: '#/components/schemas/ErrorBody' }],
                properties: {
                  error: {
                    allOf: [{ $ref: '#/components/schemas/Error' }],
                    properties: { code: { enum: statusCodes } },
                  },
                },
              },
              example: {
                success: false,
                error: { code: statusCodes[0], message: STATUS_MEANING[status] ?? 'Refused.' },
              },
            },
          },
        },
      ]),
  );
}

/** The operation's schema with its request and response examples (openapi-examples.ts). */
function withExamples(
  schema: Record<string, unknown>,
  examples: (typeof OPERATION_EXAMPLES)[string] | undefined,
): { body?: unknown; response: Record<string, unknown> } {
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [status, value] of Object.entries(examples?.responses ?? {})) {
    const json = response[status];
    if (typeof json === 'object' && json !== null)
      response[status] = { ...json, examples: [value] };
  }
  const body = schema.body;
  return examples?.request !== undefined && typeof body === 'object' && body !== null
    ? { body: { ...body, examples: [examples.request] }, response }
    : { response };
}

/**
 * The 200 of a route that documents no success answer (a file: an image, a zip, a receipt): the
 * bytes in each type it `produces`, or a bare 200 when it names none.
 */
function fileResponse(schema: Record<string, unknown>): Record<string, unknown> {
  const documented = Object.keys((schema.response as object | undefined) ?? {});
  if (documented.some((status) => status.startsWith('2'))) return {};
  const produces = schema.produces as string[] | undefined;
  return {
    200: produces
      ? { description: 'The file', type: 'string', format: 'binary' }
      : { description: 'Default Response', type: 'null' },
  };
}

/**
 * A multipart route reads its parts itself, so it has no body schema to document: the reference
 * shows its `files` (one part per image; generated clients send them as a FormData).
 */
function multipartBody(schema: Record<string, unknown>): { body?: unknown } {
  const consumes = schema.consumes as string[] | undefined;
  if (schema.body !== undefined || !consumes?.includes('multipart/form-data')) return {};
  return {
    body: {
      type: 'object',
      properties: {
        files: {
          type: 'array',
          description: 'The images, one part each (JPEG, PNG or WebP)',
          items: { type: 'string', format: 'binary' },
        },
      },
      required: ['files'],
    },
  };
}
