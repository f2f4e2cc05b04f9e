import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { problemSchema } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mapOperations,
  type OperationExamples,
  operationExamples,
  withExamples,
} from './openapi-examples.js';

const TEST_ROUTES_PREFIX = '/api/v1/test/';

/** OpenAPI 3.1 generated from the zod schemas of the routes, at /api/openapi.json, with a reference at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  // Filled by `transform` from each route's zod schemas, written into the document by `transformObject`.
  const examples = new Map<string, OperationExamples>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nest API',
        description:
          'Subscriptions for independent merchants. Errors are application/problem+json (RFC 9457) with a stable `code`.',
        version: '1.0.0',
        license: { name: 'Proprietary', url: 'https://nest.localhost/legal/terms' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          merchantSession: { type: 'apiKey', in: 'cookie', name: 'nest_access' },
          customerSession: { type: 'apiKey', in: 'cookie', name: 'nest_customer' },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'nest_live_… / nest_test_…',
            description:
              'An API key of an Enterprise merchant (settings → Developers), sent as `Authorization: Bearer nest_live_…`. ' +
              'An operation that lists `bearerAuth` accepts keys with the scope it names (`customers:read`…; ' +
              '`x:write` includes `x:read`); every other operation refuses keys (403 `api_key_not_allowed`). ' +
              '600 requests a minute per key (429 with `Retry-After`; `RateLimit-*` headers on every answer). See docs/api.md.',
          },
        },
      },
    },
    // Test-only routes (ENABLE_TEST_ROUTES) never appear in the public description, whoever wrote them.
    transform: (input) => {
      if (input.url.startsWith(TEST_ROUTES_PREFIX)) {
        return jsonSchemaTransform({ ...input, schema: { ...input.schema, hide: true } });
      }
      const schema = withDefaults(withCustomerSession(app, input), input.route.method, input.url);
      if (schema?.operationId) examples.set(schema.operationId, operationExamples(schema));
      return jsonSchemaTransform({ ...input, schema });
    },
    transformObject: (input) =>
      withExamples(withProblemMediaType(withoutUnusedSchemas(jsonSchemaTransformObject(input))), examples),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No CSP of its own: swagger-ui's would replace ours (it allows framing and https: styles) and
    // still block the inline styles the UI sets. The global policy (script-src 'self', inline
    // style attributes allowed for Radix too) fits it: its scripts are files under /api/docs/static.
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});

/** A route behind `requireCustomer` says so: the customer area's cookie (ADR 178). */
function withCustomerSession<S extends { security?: unknown } | undefined>(
  app: FastifyInstance,
  input: { schema: S; route: { preValidation?: unknown; preHandler?: unknown; onRequest?: unknown } },
): S {
  const hooks = [input.route.onRequest, input.route.preValidation, input.route.preHandler].flat();
  if (input.schema?.security || !hooks.includes(app.requireCustomer)) return input.schema;
  return { ...input.schema, security: [{ customerSession: [] }] } as S;
}

/**
 * What every operation of the document has (ADR 178): an `operationId` (derived from the method and
 * path when the route names none: `GET /api/v1/offers/:id` is `getOffersById`), a `security` (`[]`,
 * public, when the route declares none), and the problem answers a route that names no 4xx can still
 * give: 400 when it takes a body, a query or a path parameter (refused by validation), 401 when it
 * needs a session or a key, 404 when a path parameter names something. Documentation only: the
 * answers themselves are serialised by the route's own schemas.
 */
function withDefaults<
  S extends
    | {
        operationId?: string;
        security?: unknown;
        response?: unknown;
        body?: unknown;
        querystring?: unknown;
      }
    | undefined,
>(schema: S, method: string | string[], url: string): S {
  const verb = (Array.isArray(method) ? method[0] : method)?.toLowerCase() ?? 'get';
  const words = url
    .replace(/^\/api\/v1/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_.]/))
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const security = schema?.security ?? [];
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  const errors: Record<number, typeof problemSchema> = {};
  // A route that declares no answers sends a file (a logo, a QR code): described as such.
  const answers = schema?.response
    ? {}
    : { 200: { description: 'The image', content: { 'image/*': { schema: z.string() } } } };
  if (!Object.keys(response).some((code) => code.startsWith('4'))) {
    const pathParameter = url.includes(':');
    if (schema?.body || schema?.querystring || pathParameter) errors[400] = problemSchema;
    if (Array.isArray(security) && security.length > 0) errors[401] = problemSchema;
    if (pathParameter) errors[404] = problemSchema;
  }
  return {
    ...schema,
    operationId: schema?.operationId ?? `${verb}${words.join('')}`,
    security,
    ...(schema?.response || Object.keys(errors).length > 0
      ? { response: { ...answers, ...response, ...errors } }
      : {}),
  } as S;
}

/**
 * The document without the schemas nothing refers to: zod's registry describes every schema that has
 * an id, an input variant of each among them, though a route may inline it. Kept: what the paths
 * refer to, and what those refer to in turn.
 */
function withoutUnusedSchemas<D extends object>(document: D): D {
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components;
  const schemas = components?.schemas;
  if (!schemas) return document;
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix)) {
          const name = decodeURIComponent(value.slice(prefix.length));
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else {
          visit(value);
        }
      }
    }
  };
  visit({ ...document, components: { ...components, schemas: {} } });
  return {
    ...document,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}

/**
 * Error answers under the media type they are sent with, `application/problem+json` (RFC 9457): the
 * route schemas say JSON (or, for a download, the file's type), so the document is corrected here for
 * every 4xx and 5xx answer; whatever a route sends, its errors are problems.
 */
function withProblemMediaType<D extends object>(document: D): D {
  type Responses = Record<string, { content?: Record<string, unknown> }>;
  return mapOperations<D, { responses?: Responses }>(document, (operation) =>
    operation.responses
      ? {
          ...operation,
          responses: Object.fromEntries(
            Object.entries(operation.responses).map(([status, response]) => {
              const [described] = Object.values(response.content ?? {});
              if (Number(status) < 400 || !described) return [status, response];
              return [status, { ...response, content: { 'application/problem+json': described } }];
            }),
          ),
        }
      : operation,
  );
}
