import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestSubscriptions, nests, offers } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { priceOffer, subscriptionPrice } from './subscription-offer.js';

/**
 * One of the customer's own subscriptions with what a provider call needs: the connected account it
 * lives on and its provider id. Anyone else's (or an unknown id) is a 404; one the provider never
 * made (no provider id) cannot be acted on: 409.
 */
export async function requireActionableSubscription(db: Db, customerId: string, subscriptionId: string) {
  if (!isUuid(subscriptionId)) throw notFound();
  const [row] = await db
    .select({
      subscription: nestSubscriptions,
      accountId: offers.providerAccountId,
      nestName: nests.name,
      nestTimeZone: nests.timeZone,
      offerName: offers.name,
    })
    .from(nestSubscriptions)
    .innerJoin(...subscriptionPrice)
    .innerJoin(...priceOffer)
    .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
    .where(and(eq(nestSubscriptions.id, subscriptionId), eq(nestSubscriptions.customerId, customerId)));
  if (!row) throw notFound();
  const providerSubscriptionId = row.subscription.providerSubscriptionId;
  if (!providerSubscriptionId) throw new AppError('conflict');
  return { ...row, providerSubscriptionId };
}

export type ActionableSubscription = Awaited<ReturnType<typeof requireActionableSubscription>>;
