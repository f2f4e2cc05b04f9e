import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type SandboxMetadata, sandboxInvoices, sandboxSubscriptions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { nextPeriodEnd, prorate } from './calendar.js';
import { chargeInvoice } from './charge-invoice.js';
import type { SandboxDeps } from './context.js';
import { emitEvent } from './emit-event.js';
import { sandboxId } from './ids.js';
import { emitted, type SandboxSubscriptionRow } from './to-port.js';

async function lockSubscription(tx: Tx, subscriptionId: string): Promise<SandboxSubscriptionRow> {
  const [subscription] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, subscriptionId))
    .for('update');
  if (!subscription) throw new AppError('not_found');
  return subscription;
}

async function emitUpdated(deps: SandboxDeps, tx: Tx, subscription: SandboxSubscriptionRow, at: Date) {
  await emitEvent(deps, tx, {
    ownerId: subscription.ownerId,
    accountId: subscription.accountId,
    type: 'customer.subscription.updated',
    object: emitted.subscription(subscription),
    occurredAt: at,
  });
}

export interface NewItem {
  productName: string;
  amountCents: number;
  metadata: SandboxMetadata;
}

/**
 * Changes what a subscription bills. Now: the difference for the rest of the period is invoiced
 * and charged at once (prorated to the millisecond, in whole cents); if the card is declined,
 * nothing changes and the caller gets card_declined, as Stripe's error_if_incomplete does. At
 * period end: the change waits for the renewal, like a Stripe subscription schedule's next phase.
 */
export async function changeSubscriptionItem(
  deps: SandboxDeps,
  tx: Tx,
  subscriptionId: string,
  item: NewItem,
  timing: 'now' | 'period_end',
  at: Date,
): Promise<SandboxSubscriptionRow> {
  const subscription = await lockSubscription(tx, subscriptionId);
  if (subscription.status !== 'active' && subscription.status !== 'trialing') throw new AppError('conflict');

  if (timing === 'period_end') {
    const unchanged =
      item.amountCents === subscription.amountCents && item.productName === subscription.productName;
    const [updated] = await tx
      .update(sandboxSubscriptions)
      .set(
        unchanged
          ? { pendingProductName: null, pendingAmountCents: null, pendingMetadata: null }
          : {
              pendingProductName: item.productName,
              pendingAmountCents: item.amountCents,
              pendingMetadata: item.metadata,
            },
      )
      .where(eq(sandboxSubscriptions.id, subscriptionId))
      .returning();
    await emitUpdated(deps, tx, updated!, at);
    return updated!;
  }

  const periodMs = subscription.currentPeriodEnd.getTime() - subscription.currentPeriodStart.getTime();
  const remainingMs = subscription.currentPeriodEnd.getTime() - at.getTime();
  const prorationCents =
    prorate(item.amountCents, remainingMs, periodMs) -
    prorate(subscription.amountCents, remainingMs, periodMs);
  let latestInvoiceId = subscription.latestInvoiceId;
  if (prorationCents > 0) {
    const [invoice] = await tx
      .insert(sandboxInvoices)
      .values({
        id: sandboxId('in'),
        ownerId: subscription.ownerId,
        accountId: subscription.accountId,
        customerId: subscription.customerId,
        subscriptionId,
        status: 'open',
        billingReason: 'subscription_update',
        description: item.productName,
        amountDueCents: prorationCents,
        currency: subscription.currency,
        metadata: item.metadata,
        periodStart: at,
        periodEnd: subscription.currentPeriodEnd,
        createdAt: at,
      })
      .returning();
    const charge = await chargeInvoice(deps, tx, invoice!, 'automatic', at);
    if (charge.outcome === 'failed') {
      // Thrown inside the caller's transaction: the invoice, the attempt and the change all roll back.
      throw charge.failureCode === 'insufficient_funds'
        ? new AppError('insufficient_funds', { status: 402 })
        : new AppError('card_declined', { params: { reason: 'generic decline' } });
    }
    latestInvoiceId = invoice!.id;
  }
  const [updated] = await tx
    .update(sandboxSubscriptions)
    .set({
      productName: item.productName,
      amountCents: item.amountCents,
      metadata: item.metadata,
      pendingProductName: null,
      pendingAmountCents: null,
      pendingMetadata: null,
      latestInvoiceId,
    })
    .where(eq(sandboxSubscriptions.id, subscriptionId))
    .returning();
  await emitUpdated(deps, tx, updated!, at);
  return updated!;
}

/** Cancels at period end (a pending change is dropped, as releasing a Stripe schedule does), or takes it back. */
export async function setCancelAtPeriodEnd(
  deps: SandboxDeps,
  tx: Tx,
  subscriptionId: string,
  cancel: boolean,
  at: Date,
): Promise<SandboxSubscriptionRow> {
  const subscription = await lockSubscription(tx, subscriptionId);
  if (subscription.status === 'canceled') throw new AppError('conflict');
  if (subscription.cancelAtPeriodEnd === cancel) return subscription;
  const [updated] = await tx
    .update(sandboxSubscriptions)
    .set(
      cancel
        ? {
            cancelAtPeriodEnd: true,
            canceledAt: at,
            pendingProductName: null,
            pendingAmountCents: null,
            pendingMetadata: null,
          }
        : { cancelAtPeriodEnd: false, canceledAt: null },
    )
    .where(eq(sandboxSubscriptions.id, subscriptionId))
    .returning();
  await emitUpdated(deps, tx, updated!, at);
  return updated!;
}

/** Ends a subscription now, as Stripe's cancel does: ended and canceled at that time, one deleted event. */
export async function cancelNow(
  deps: SandboxDeps,
  tx: Tx,
  subscriptionId: string,
  at: Date,
): Promise<SandboxSubscriptionRow> {
  const subscription = await lockSubscription(tx, subscriptionId);
  if (subscription.status === 'canceled') throw new AppError('conflict');
  const [ended] = await tx
    .update(sandboxSubscriptions)
    .set({
      status: 'canceled',
      endedAt: at,
      canceledAt: at,
      pendingProductName: null,
      pendingAmountCents: null,
      pendingMetadata: null,
    })
    .where(eq(sandboxSubscriptions.id, subscriptionId))
    .returning();
  await emitEvent(deps, tx, {
    ownerId: ended!.ownerId,
    accountId: ended!.accountId,
    type: 'customer.subscription.deleted',
    object: emitted.subscription(ended!),
    occurredAt: at,
  });
  return ended!;
}

/**
 * Stripe's pause_collection with behavior void (ADR 150): the renewals of the next `periods` periods
 * bill nothing (renew-subscriptions.ts skips their invoices) and the pause clears itself at the end
 * of the last one. A pause already set is replaced, as a second update of pause_collection does.
 */
export async function pauseCollection(
  deps: SandboxDeps,
  tx: Tx,
  subscriptionId: string,
  periods: number,
  at: Date,
): Promise<SandboxSubscriptionRow> {
  const subscription = await lockSubscription(tx, subscriptionId);
  if (subscription.status === 'canceled') throw new AppError('conflict');
  let endsAt = subscription.currentPeriodEnd;
  for (let i = 0; i < periods; i++) {
    endsAt = nextPeriodEnd(
      subscription.billingCycleAnchor,
      endsAt,
      subscription.interval,
      subscription.intervalCount,
    );
  }
  const [updated] = await tx
    .update(sandboxSubscriptions)
    .set({ pauseStartsAt: subscription.currentPeriodEnd, pauseEndsAt: endsAt })
    .where(eq(sandboxSubscriptions.id, subscriptionId))
    .returning();
  await emitUpdated(deps, tx, updated!, at);
  return updated!;
}

/** Clears pause_collection now: the next renewal bills again. Not paused: nothing changes. */
export async function resumeCollection(
  deps: SandboxDeps,
  tx: Tx,
  subscriptionId: string,
  at: Date,
): Promise<SandboxSubscriptionRow> {
  const subscription = await lockSubscription(tx, subscriptionId);
  if (!subscription.pauseEndsAt) return subscription;
  const [updated] = await tx
    .update(sandboxSubscriptions)
    .set({ pauseStartsAt: null, pauseEndsAt: null })
    .where(eq(sandboxSubscriptions.id, subscriptionId))
    .returning();
  await emitUpdated(deps, tx, updated!, at);
  return updated!;
}
