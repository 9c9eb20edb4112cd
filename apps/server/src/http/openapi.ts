import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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

/** zod's JSON Schema transform, plus each operation's id and security. */
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
  return {
    // A wildcard tail (a signed zip link's token) is named in the document: OpenAPI path
    // parameters must be names, and `{*}` is not one.
    url: wildcard ? `${input.url.slice(0, -1)}:token` : input.url,
    schema: {
      ...schema,
      ...(wildcard ? { params: renamedWildcard(schema.params) } : {}),
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      security,
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
