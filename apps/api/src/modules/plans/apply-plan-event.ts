import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { KnownProviderEvent } from '../../payments/event-handlers.js';
import { platformSeller } from '../receipts/issue-receipt.js';
import { type PlanContext, refreshPlanOfMerchant } from './plan-context.js';
import { PLAN_KIND_KEY } from './plan-metadata.js';
import { type PlanSyncContext, syncPlanSubscription } from './sync-plan-subscription.js';

/**
 * A payment event on the platform's own account: a merchant's plan checkout or card update completed,
 * one of their plan invoices paid or failed, their plan subscription changed or ended. The plan is
 * synced from the provider. Answers whether the event was about a plan of ours.
 */
export async function applyPlanEvent(
  ctx: PlanSyncContext,
  tx: Tx,
  event: KnownProviderEvent,
): Promise<boolean> {
  const { objectId } = event;
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

/**
 * Registers the plans' payment event handlers (at startup, from routes.ts): platform events, and the
 * sandbox test clock, after which the merchant's plan and its invoices are read again.
 */
export function registerPlanEvents(app: FastifyInstance): void {
  const ctx: PlanContext = {
    db: app.db,
    config: app.config,
    provider: app.payments,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    platform: platformSeller(app.config),
  };
  app.paymentEvents.on('platform', (tx, event) => applyPlanEvent(ctx, tx, event));
  app.paymentEvents.onClockAdvanced((ownerId, source) => refreshPlanOfMerchant(ctx, ownerId, source));
}
