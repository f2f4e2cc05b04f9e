import type { Locale } from '@nest/contracts';
import { AppError } from '../../lib/errors.js';
import { payNowUrl } from './notify-payment-failed.js';
import { requireActionableSubscription } from './own-subscription.js';
import type { SubscriptionContext } from './subscription-context.js';
import { NEST_CARD_UPDATE_KIND, NEST_KIND_KEY } from './subscription-metadata.js';

/** Subscriptions whose card still matters: they renew, or have something left to pay. */
const ongoing = new Set(['trialing', 'active', 'past_due', 'unpaid']);

/** Where the provider's page sends the customer back: the pay-now step, saying the card was updated. */
export function cardUpdatedUrl(publicUrl: string, subscriptionId: string): string {
  return `${payNowUrl(publicUrl, subscriptionId)}&card=updated`;
}

/**
 * Opens the provider's hosted page in setup mode on the merchant's connected account, where the
 * customer gives a new card for one of their subscriptions. Nothing changes until the page is
 * completed: its webhook (checkout.session.completed in setup mode, apply-nest-event.ts) makes the
 * card the subscription's and charges its open invoices. Another customer's subscription is a 404.
 */
export async function startCardUpdate(
  ctx: SubscriptionContext,
  input: { customerId: string; subscriptionId: string; locale: Locale; requestKey: string },
): Promise<{ url: string }> {
  const owned = await requireActionableSubscription(ctx.db, input.customerId, input.subscriptionId);
  const subscription = owned.subscription;
  if (!ongoing.has(subscription.status) || !subscription.providerCustomerId) {
    throw new AppError('conflict');
  }
  const session = await ctx.provider.createNestCardUpdateSession(
    owned.accountId,
    {
      customerId: subscription.providerCustomerId,
      subscriptionId: owned.providerSubscriptionId,
      successUrl: cardUpdatedUrl(ctx.publicUrl, subscription.id),
      cancelUrl: payNowUrl(ctx.publicUrl, subscription.id),
      locale: input.locale,
      metadata: { [NEST_KIND_KEY]: NEST_CARD_UPDATE_KIND, nest_subscription_ref: subscription.id },
    },
    // Each request opens its own page; a retried request (same id) gets the same one from Stripe.
    { idempotencyKey: `nest:customer-card-update:${subscription.id}:${input.requestKey}` },
  );
  return { url: session.url };
}
