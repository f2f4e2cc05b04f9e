import { createNestBodySchema, nestIdParamsSchema, nestSchema, updateNestBodySchema } from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { merchantId, requireOwnNest } from '../../plugins/auth.js';
import { createNest } from './create-nest.js';
import type { NestRow } from './nest-view.js';
import { showNest } from './show-nest.js';
import { updateNest } from './update-nest.js';

/** The merchant's nest: onboarding creates it; the merchant reads and edits it. */
export const nestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireMerchant);

  const view = (nest: NestRow) => showNest(app.db, app.config.PAYMENT_PROVIDER, nest);

  app.post(
    '/nests',
    {
      schema: {
        tags: ['nests'],
        summary: 'Create the merchant’s nest (onboarding); marks the merchant onboarded',
        description: 'One nest per merchant account: a second one is a 409 nest_exists problem.',
        security: [{ merchantSession: [] }],
        body: createNestBodySchema,
        response: { 201: nestSchema },
      },
    },
    async (request, reply) => {
      const nest = await createNest(app.db, merchantId(request), request.body);
      request.log.info({ nestId: nest.id }, 'nest created');
      return reply.status(201).send(await view(nest));
    },
  );

  app.get(
    '/nests/:nestId',
    {
      schema: {
        tags: ['nests'],
        summary: 'The merchant’s nest (`me`, or its id; another merchant’s id is not found)',
        security: [{ merchantSession: [] }],
        params: nestIdParamsSchema,
        response: { 200: nestSchema },
      },
    },
    async (request) => view(await requireOwnNest(request, request.params.nestId)),
  );

  app.patch(
    '/nests/:nestId',
    {
      schema: {
        tags: ['nests'],
        summary: 'Update the merchant’s nest (`me`, or its id)',
        security: [{ merchantSession: [] }],
        params: nestIdParamsSchema,
        body: updateNestBodySchema,
        response: { 200: nestSchema },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, request.params.nestId);
      const updated = await updateNest(app.db, nest, request.body);
      // The name and category on its links' public pages.
      app.publicLinks.cache.forNest(nest.id);
      return view(updated);
    },
  );
};
