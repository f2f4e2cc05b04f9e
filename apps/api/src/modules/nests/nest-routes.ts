import {
  createNestBodySchema,
  type Nest,
  nestIdParamsSchema,
  nestSchema,
  updateNestBodySchema,
} from '@nest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.js';
import { notFound, unauthenticated } from '../../lib/errors.js';
import { findPayoutAccountOfMerchant } from '../payouts/find-payout-account.js';
import { toPayoutView } from '../payouts/payout-view.js';
import { createNest } from './create-nest.js';
import { findLogoEtag, findNestOfOwner, findOwnNestById } from './find-nest.js';
import { type NestRow, toNestView } from './nest-view.js';
import { updateNest } from './update-nest.js';

export function merchantId(request: FastifyRequest): string {
  if (!request.merchant) throw unauthenticated();
  return request.merchant.userId;
}

/** The merchant's nest: onboarding creates it; the merchant reads and edits it. */
export const nestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireMerchant);

  async function view(db: Tx, nest: NestRow): Promise<Nest> {
    const [etag, payout] = await Promise.all([
      findLogoEtag(db, nest.id),
      findPayoutAccountOfMerchant(db, nest.ownerId, app.config.PAYMENT_PROVIDER),
    ]);
    return toNestView(nest, etag, toPayoutView(payout));
  }

  async function ownNest(request: FastifyRequest, nestId: string): Promise<NestRow> {
    const userId = merchantId(request);
    if (nestId === 'me') {
      const nest = await findNestOfOwner(app.db, userId);
      if (!nest) throw notFound();
      return nest;
    }
    return findOwnNestById(app.db, userId, nestId);
  }

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
      return reply.status(201).send(await view(app.db, nest));
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
    async (request) => view(app.db, await ownNest(request, request.params.nestId)),
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
      const nest = await ownNest(request, request.params.nestId);
      const updated = await updateNest(app.db, nest, request.body);
      // The name and category on its links' public pages.
      app.publicLinks.cache.forNest(nest.id);
      return view(app.db, updated);
    },
  );
};
