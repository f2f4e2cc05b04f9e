import { subscriptionStatusSchema } from '@nest/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nestCustomers, nestSubscriptions, offerPrices, offers } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';

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
      const body = request.body;
      const result = await app.db.transaction(async (tx) => {
        const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
        if (!offer) throw notFound();
        const [price] = await tx
          .select()
          .from(offerPrices)
          .where(
            body.version
              ? and(eq(offerPrices.offerId, offerId), eq(offerPrices.version, body.version))
              : eq(offerPrices.offerId, offerId),
          )
          .orderBy(desc(offerPrices.version))
          .limit(1);
        if (!price) throw notFound();
        const email = body.email ?? `subscriber-${crypto.randomUUID()}@example.test`;
        await tx
          .insert(nestCustomers)
          .values({ email, name: body.name ?? null })
          .onConflictDoNothing();
        const [customer] = await tx
          .select()
          .from(nestCustomers)
          .where(eq(sql`lower(${nestCustomers.email})`, email.toLowerCase()));
        if (!customer) throw new Error('Seeded customer missing');
        const now = new Date();
        const [subscription] = await tx
          .insert(nestSubscriptions)
          .values({
            nestId: offer.nestId,
            customerId: customer.id,
            offerPriceId: price.id,
            status: body.status,
            currentPeriodStart: now,
            currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
            provider: offer.provider,
          })
          .returning();
        return { subscription: subscription!, customer, price };
      });
      return reply.status(201).send({
        subscription_id: result.subscription.id,
        customer_id: result.customer.id,
        offer_price_id: result.price.id,
        version: result.price.version,
      });
    },
  );
};
