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
        },
      },
    },
    // Test-only routes (ENABLE_TEST_ROUTES) never appear in the public description, whoever wrote them.
    transform: (input) =>
      jsonSchemaTransform(
        input.url.startsWith(TEST_ROUTES_PREFIX)
          ? { ...input, schema: { ...input.schema, hide: true } }
          : input,
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
