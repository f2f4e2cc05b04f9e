import type { Tx } from '../../db/client.js';
import type { KnownProviderEvent } from '../../payments/event-handlers.js';
import type { ProviderEvent } from '../../payments/port.js';
import { notifyPaymentFailed } from './notify-payment-failed.js';
import { NEST_CARD_UPDATE_KIND, NEST_KIND_KEY, NEST_SUBSCRIPTION_KIND } from './subscription-metadata.js';
import { type NestSyncContext, syncNestSubscription } from './sync-nest-subscription.js';

/**
 * A payment event on a merchant's connected account: a customer's checkout completed, one of their
 * invoices paid or failed (renewals included), their subscription changed or ended. The object is
 * read again from the provider, on that account, and the customer subscription synced. Answers
 * whether the event was about one of ours.
 */
export async function applyNestEvent(ctx: NestSyncContext, tx: Tx, event: ProviderEvent): Promise<boolean> {
  const accountId = event.accountId;
  const objectId = event.objectId;
  if (!accountId || !objectId) return false;
  switch (event.neutralType) {
    case 'checkout.completed': {
      const session = await ctx.provider.retrieveNestCheckoutSession(accountId, objectId, { tx });
      if (session?.status !== 'complete' || !session.subscriptionId) return false;
      if (session.mode === 'setup' && session.metadata[NEST_KIND_KEY] === NEST_CARD_UPDATE_KIND) {
        // A customer's new card: it becomes the subscription's and pays what is open, once per session.
        const subscriptionId = await ctx.provider.completeNestCardUpdate(accountId, session.id, {
          tx,
          idempotencyKey: `nest-card-update:${session.id}`,
        });
        return !!subscriptionId && !!(await syncNestSubscription(ctx, tx, accountId, subscriptionId, {}));
      }
      if (session.metadata[NEST_KIND_KEY] !== NEST_SUBSCRIPTION_KIND) return false;
      return !!(await syncNestSubscription(ctx, tx, accountId, session.subscriptionId, {}));
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.updated': {
      const invoice = await ctx.provider.retrieveNestInvoice(accountId, objectId, { tx });
      if (!invoice?.subscriptionId) return false;
      return !!(await syncNestSubscription(ctx, tx, accountId, invoice.subscriptionId, { invoice }));
    }
    case 'subscription.updated':
    case 'subscription.canceled':
      return !!(await syncNestSubscription(ctx, tx, accountId, objectId, {}));
    default:
      return false;
  }
}

/**
 * The handler the payments plugin calls for events on a connected account (registered by this
 * module's routes): the subscription is synced, then a failed charge is told to the customer.
 */
export async function applyConnectedAccountEvent(
  ctx: NestSyncContext,
  tx: Tx,
  event: KnownProviderEvent,
): Promise<boolean> {
  const applied = await applyNestEvent(ctx, tx, event);
  if (applied) await notifyPaymentFailed(ctx, tx, event);
  return applied;
}
