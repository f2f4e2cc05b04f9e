import { CHECKOUT_SESSION_VIEW_HOURS, type CheckoutSessionView } from '@nest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestCheckouts, nestSubscriptions, nests, offerPrices, offers } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { hasPass, passView } from '../subscriptions/pass-view.js';
import { type NestSyncContext, syncNestSubscription } from '../subscriptions/sync-nest-subscription.js';
import { completeCheckout } from './complete-checkout.js';

export interface ViewCheckoutContext extends Omit<NestSyncContext, 'hooks'> {
  db: Db;
  passSecret: string;
}

const HOUR_MS = 60 * 60 * 1000;

async function findCheckout(db: Db, provider: string, sessionId: string) {
  const [row] = await db
    .select({
      checkout: nestCheckouts,
      nestName: nests.name,
      offerName: offers.name,
    })
    .from(nestCheckouts)
    .innerJoin(nests, eq(nests.id, nestCheckouts.nestId))
    .innerJoin(offerPrices, eq(offerPrices.id, nestCheckouts.offerPriceId))
    .innerJoin(offers, eq(offers.id, offerPrices.offerId))
    .where(
      and(
        eq(nestCheckouts.provider, provider as 'sandbox' | 'stripe'),
        eq(nestCheckouts.providerSessionId, sessionId),
      ),
    );
  return row;
}

/** "Camille" of "Camille Martin": the success page greets the buyer, and says nothing more about them. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * The success page's answer to whoever holds the provider's checkout session id: the buyer came back
 * from the provider with it. It proves this one purchase only, not the email, so the answer is this
 * subscription and its pass, never the email's other subscriptions. Until the webhook lands the
 * provider is asked directly, so the buyer is not left waiting on it. After a day: not found (the
 * customer signs in to their area instead).
 */
export async function viewCheckoutSession(
  ctx: ViewCheckoutContext,
  sessionId: string,
  now: Date = new Date(),
): Promise<CheckoutSessionView> {
  let found = await findCheckout(ctx.db, ctx.provider.name, sessionId);
  if (!found || now.getTime() - found.checkout.createdAt.getTime() > CHECKOUT_SESSION_VIEW_HOURS * HOUR_MS) {
    throw notFound();
  }
  const { checkout } = found;
  if (!checkout.subscriptionId) {
    const session = await ctx.provider.retrieveNestCheckoutSession(checkout.providerAccountId, sessionId);
    const providerSubscriptionId = session?.status === 'complete' ? session.subscriptionId : null;
    if (providerSubscriptionId) {
      const syncContext = { ...ctx, hooks: { placeHeld: completeCheckout } };
      await ctx.db.transaction((tx) =>
        syncNestSubscription(syncContext, tx, checkout.providerAccountId, providerSubscriptionId, {}),
      );
      found = (await findCheckout(ctx.db, ctx.provider.name, sessionId)) ?? found;
    }
  }
  const subscriptionId = found.checkout.subscriptionId;
  const [subscription] = subscriptionId
    ? await ctx.db.select().from(nestSubscriptions).where(eq(nestSubscriptions.id, subscriptionId))
    : [];
  // A pass is shown for a subscription that exists and has not ended or failed to start.
  const pass =
    subscription && hasPass(subscription.status) ? passView(ctx.passSecret, subscription, now) : null;
  return {
    status: subscription ? 'complete' : 'pending',
    nest: { name: found.nestName },
    offer: { name: found.offerName },
    customer: { first_name: firstName(found.checkout.name) },
    subscription: subscription
      ? {
          id: subscription.id,
          status: subscription.status,
          current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
        }
      : null,
    pass,
  };
}
