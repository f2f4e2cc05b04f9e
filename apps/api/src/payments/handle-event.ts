import type { Db, Tx } from '../db/client.js';
import { completeCheckout } from '../modules/checkout/complete-checkout.js';
import { PLAN_KIND_KEY } from '../modules/plans/plan-metadata.js';
import { type PlanSyncContext, syncPlanSubscription } from '../modules/plans/sync-plan-subscription.js';
import { applyNestEvent } from '../modules/subscriptions/apply-nest-event.js';
import { notifyPaymentFailed } from '../modules/subscriptions/notify-payment-failed.js';
import { applyPayoutAccountEvent } from './apply-payout-account-event.js';
import type { ProviderEvent } from './port.js';
import { recordEvent } from './record-event.js';

export interface EventContext extends PlanSyncContext {
  db: Db;
}

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * The one handler of payment events, whichever provider sent them. In one transaction: the event is
 * stored if new (a duplicate stops here), then the objects it is about are read again from the
 * provider and our state is made to match, and any email is queued. If anything fails the whole
 * transaction rolls back, the provider gets an error, and its retry starts from scratch.
 */
export async function handleEvent(ctx: EventContext, event: ProviderEvent): Promise<EventOutcome> {
  return ctx.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, ctx.provider.name, event))) return 'duplicate';
    if (!event.neutralType || !event.objectId) return 'ignored';
    return (await applyEvent(ctx, tx, event)) ? 'processed' : 'ignored';
  });
}

async function applyEvent(ctx: EventContext, tx: Tx, event: ProviderEvent): Promise<boolean> {
  const objectId = event.objectId!;
  if (event.neutralType === 'payout_account.updated') {
    await applyPayoutAccountEvent(ctx.provider, tx, event.accountId ?? objectId);
    return true;
  }
  // Objects on a merchant's connected account are their customers' business, not the merchant's plan.
  if (event.accountId) {
    const nestCtx = { ...ctx, hooks: { placeHeld: completeCheckout } };
    const applied = await applyNestEvent(nestCtx, tx, event);
    if (applied) await notifyPaymentFailed(nestCtx, tx, event);
    return applied;
  }
  const source = event.id;
  switch (event.neutralType) {
    case 'checkout.completed': {
      const session = await ctx.provider.retrieveCheckoutSession(objectId, { tx });
      if (session?.status !== 'complete') return false;
      const kind = session.metadata[PLAN_KIND_KEY];
      if (kind === 'plan' && session.subscriptionId) {
        return !!(await syncPlanSubscription(ctx, tx, session.subscriptionId, { source }));
      }
      if (kind === 'plan_card_update') {
        const subscriptionId = await ctx.provider.completeCardUpdate(session.id, {
          tx,
          idempotencyKey: `plan-card-update:${session.id}`,
        });
        return !!subscriptionId && !!(await syncPlanSubscription(ctx, tx, subscriptionId, { source }));
      }
      return false;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.updated': {
      const invoice = await ctx.provider.retrieveInvoice(objectId, { tx });
      if (!invoice?.subscriptionId) return false;
      return !!(await syncPlanSubscription(ctx, tx, invoice.subscriptionId, { invoice, source }));
    }
    case 'subscription.updated':
    case 'subscription.canceled':
      return !!(await syncPlanSubscription(ctx, tx, objectId, { source }));
    default:
      return false;
  }
}
