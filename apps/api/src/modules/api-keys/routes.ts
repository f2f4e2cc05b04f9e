import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeySchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  problemSchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantId, requireOwnNest } from '../../plugins/auth.js';
import { createApiKey, listApiKeys, revokeApiKey } from './manage-api-keys.js';

const session = [{ merchantSession: [] }];

/** The merchant's API keys (ADR 175): session-only, so a key can never make or revoke keys. */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/nests/me/api-keys',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['api-keys'],
        operationId: 'listApiKeys',
        summary: 'The merchant’s API keys, newest first (revoked ones included)',
        description:
          '`enabled` is false when the plan no longer gives API access (the keys are then refused).',
        security: session,
        response: { 200: apiKeyListSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listApiKeys(app.db, merchantId(request));
    },
  );

  app.post(
    '/nests/me/api-keys',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['api-keys'],
        operationId: 'createApiKey',
        summary: 'Create an API key (Enterprise): the key is in this answer only',
        description:
          'Answers the key once in `key`; only its hash is kept. `nest_test_…` while payments run in the ' +
          'sandbox, `nest_live_…` otherwise. Below Enterprise: 403 `plan_required`.',
        security: session,
        body: createApiKeyBodySchema,
        response: {
          201: createdApiKeySchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me', 'nest_required');
      const mode = app.config.PAYMENT_PROVIDER === 'sandbox' ? 'test' : 'live';
      const created = await createApiKey(app.db, {
        userId: merchantId(request),
        nestId: nest.id,
        mode,
        body: request.body,
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/nests/me/api-keys/:id',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['api-keys'],
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key: refused from the next request on',
        security: session,
        params: apiKeyIdParamsSchema,
        response: { 200: apiKeySchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request) => revokeApiKey(app.db, merchantId(request), request.params.id),
  );
};
