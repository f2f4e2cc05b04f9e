import { subscriptionStatusSchema } from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { attachSubscriber } from './attach-subscriber.js';

const bodySchema = z
  .object({
    email: z.email().max(254).optional(),
    name: z.string().max(100).optional(),
    status: subscriptionStatusSchema.default('active'),
    /** A price version number; the current one when absent. */
    version: z.number().int().min(1).optional(),
  })
  .strict();

const resultSchema = z.object({
  subscription_id: z.uuid(),
  customer_id: z.uuid(),
  offer_price_id: z.uuid(),
  version: z.number().int(),
});

/**
 * Test-only (registered when ENABLE_TEST_ROUTES is on, never in production): attaches a subscriber
 * to an offer's price version, so tests of the "has subscribers" rules need no checkout. Real
 * subscriptions arrive with the checkout issue.
 */
export const seedSubscriberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/offers/:offerId/subscribers',
    {
      schema: {
        hide: true,
        params: z.object({ offerId: z.string().max(64) }),
        body: bodySchema,
        response: { 201: resultSchema },
      },
    },
    async (request, reply) => {
      const { offerId } = request.params;
      if (!isUuid(offerId)) throw notFound();
      const result = await attachSubscriber(app.db, offerId, request.body);
      return reply.status(201).send({
        subscription_id: result.subscription.id,
        customer_id: result.customer.id,
        offer_price_id: result.price.id,
        version: result.price.version,
      });
    },
  );
};
