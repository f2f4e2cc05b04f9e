import { subscriptionStatusSchema } from '@nest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkIns, nestSubscriptions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { signPass } from '../subscriptions/pass-sign.js';
import { attachSubscriber } from './attach-subscriber.js';

const bodySchema = z
  .object({
    email: z.email().max(254).optional(),
    name: z.string().max(100).optional(),
    status: subscriptionStatusSchema.default('active'),
    /** A price version number; the current one when absent. */
    version: z.number().int().min(1).optional(),
    /** The current period began this many days ago (a renewal that failed then, for past-due tests). */
    period_started_days_ago: z.number().int().min(0).max(365).optional(),
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

  // Test-only: a subscription's check-ins happened `seconds` earlier (past the 5-minute repeat window).
  app.post(
    '/test/subscriptions/:id/age-check-ins',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string().max(64) }),
        body: z
          .object({
            seconds: z
              .number()
              .int()
              .min(1)
              .max(30 * 24 * 3600),
          })
          .strict(),
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound();
      await app.db
        .update(checkIns)
        .set({ checkedAt: sql`${checkIns.checkedAt} - ${`${request.body.seconds} seconds`}::interval` })
        .where(eq(checkIns.subscriptionId, request.params.id));
      return reply.status(204).send();
    },
  );

  // Test-only: the subscription's pass now (what the customer's screen shows), for counter tests.
  app.get(
    '/test/subscriptions/:id/pass',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string().max(64) }),
        // A pass as the customer's phone showed it that long ago (an expired pass, for the counter).
        querystring: z.object({ seconds_ago: z.coerce.number().int().min(0).max(86_400).default(0) }),
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound();
      const [row] = await app.db
        .select({ nestId: nestSubscriptions.nestId })
        .from(nestSubscriptions)
        .where(eq(nestSubscriptions.id, request.params.id));
      if (!row) throw notFound();
      const pass = signPass(
        app.config.passSecret,
        { nestId: row.nestId, subscriptionId: request.params.id },
        new Date(Date.now() - request.query.seconds_ago * 1000),
      );
      return { token: pass.token, code: pass.code };
    },
  );

  // Test-only: the subscription's status changes behind the counter's back (cancelled elsewhere).
  app.post(
    '/test/subscriptions/:id/status',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string().max(64) }),
        body: z.object({ status: subscriptionStatusSchema }).strict(),
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound();
      await app.db
        .update(nestSubscriptions)
        .set({ status: request.body.status, updatedAt: new Date() })
        .where(eq(nestSubscriptions.id, request.params.id));
      return reply.status(204).send();
    },
  );
};
