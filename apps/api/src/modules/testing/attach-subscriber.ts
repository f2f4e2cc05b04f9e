import type { SubscriptionStatus } from '@nest/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestCustomers, nestSubscriptions, offerPrices, offers } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/**
 * Test-only: a customer (made up unless an email is given) subscribed to an offer's price version
 * (the current one unless a version is given), without a checkout.
 */
export async function attachSubscriber(
  db: Db,
  offerId: string,
  body: {
    email?: string | undefined;
    name?: string | undefined;
    status: SubscriptionStatus;
    version?: number | undefined;
    period_started_days_ago?: number | undefined;
  },
) {
  return db.transaction(async (tx) => {
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
    const now = new Date(Date.now() - (body.period_started_days_ago ?? 0) * 24 * 3600 * 1000);
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
}
