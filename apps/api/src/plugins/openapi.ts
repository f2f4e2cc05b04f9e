import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const TEST_ROUTES_PREFIX = '/api/v1/test/';

/** OpenAPI 3.1 generated from the zod schemas of the routes, at /api/openapi.json, with a reference at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nest API',
        description:
          'Subscriptions for independent merchants. Errors are application/problem+json (RFC 9457) with a stable `code`.',
        version: '1.0.0',
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
    transform: (input) =>
      jsonSchemaTransform(
        input.url.startsWith(TEST_ROUTES_PREFIX)
          ? { ...input, schema: { ...input.schema, hide: true } }
          : { ...input, schema: withDefaults(input.schema, input.route.method, input.url) },
      ),
    transformObject: jsonSchemaTransformObject,
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

/**
 * What every operation of the document has (ADR 178): an `operationId` (derived from the method and
 * path when the route names none: `GET /api/v1/offers/:id` is `getOffersById`), and a `security`
 * (`[]`, public, when the route declares none).
 */
function withDefaults<S extends { operationId?: string; security?: unknown } | undefined>(
  schema: S,
  method: string | string[],
  url: string,
): S {
  const verb = (Array.isArray(method) ? method[0] : method)?.toLowerCase() ?? 'get';
  const words = url
    .replace(/^\/api\/v1/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_.]/))
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return {
    ...schema,
    operationId: schema?.operationId ?? `${verb}${words.join('')}`,
    security: schema?.security ?? [],
  } as S;
}
