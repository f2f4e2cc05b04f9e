import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sandboxClocks, sandboxInvoices, sandboxSubscriptions } from '../../db/schema/index.js';
import { nextPeriodEnd } from './calendar.js';
import { chargeInvoice } from './charge-invoice.js';
import { clockOffsetSeconds, shift } from './clock.js';
import type { SandboxDeps } from './context.js';
import { emitEvent } from './emit-event.js';
import { sandboxId } from './ids.js';
import { emitted, type SandboxSubscriptionRow } from './to-port.js';

export interface ClockRun {
  renewed: number;
  canceled: number;
  failedPayments: number;
  retried: number;
}

const emptyRun = (): ClockRun => ({ renewed: 0, canceled: 0, failedPayments: 0, retried: 0 });

/** Ends the period: cancels a subscription set to cancel, else starts the next period and charges it. */
async function renewOnce(deps: SandboxDeps, tx: Tx, current: SandboxSubscriptionRow, run: ClockRun) {
  let subscription = current;
  const at = subscription.currentPeriodEnd;
  if (subscription.cancelAtPeriodEnd) {
    const [ended] = await tx
      .update(sandboxSubscriptions)
      .set({
        status: 'canceled',
        endedAt: at,
        pendingProductName: null,
        pendingAmountCents: null,
        pendingMetadata: null,
      })
      .where(eq(sandboxSubscriptions.id, subscription.id))
      .returning();
    await emitEvent(deps, tx, {
      ownerId: ended!.ownerId,
      accountId: ended!.accountId,
      type: 'customer.subscription.deleted',
      object: emitted.subscription(ended!),
      occurredAt: at,
    });
    run.canceled++;
    return;
  }
  if (subscription.pauseEndsAt) {
    const periodEnd = nextPeriodEnd(
      subscription.billingCycleAnchor,
      at,
      subscription.interval,
      subscription.intervalCount,
    );
    if (at.getTime() < subscription.pauseEndsAt.getTime()) {
      // A paused period (pause_collection, behavior void): it starts, and bills nothing.
      const [skipped] = await tx
        .update(sandboxSubscriptions)
        .set({ currentPeriodStart: at, currentPeriodEnd: periodEnd })
        .where(eq(sandboxSubscriptions.id, subscription.id))
        .returning();
      await emitEvent(deps, tx, {
        ownerId: skipped!.ownerId,
        accountId: skipped!.accountId,
        type: 'customer.subscription.updated',
        object: emitted.subscription(skipped!),
        occurredAt: at,
      });
      run.renewed++;
      return;
    }
    // The pause is over: it clears itself, and this renewal bills as usual.
    subscription = { ...subscription, pauseStartsAt: null, pauseEndsAt: null };
    await tx
      .update(sandboxSubscriptions)
      .set({ pauseStartsAt: null, pauseEndsAt: null })
      .where(eq(sandboxSubscriptions.id, subscription.id));
  }
  // A change scheduled for the period end (a downgrade) takes effect with the new period.
  const productName = subscription.pendingProductName ?? subscription.productName;
  const amountCents = subscription.pendingAmountCents ?? subscription.amountCents;
  const metadata = subscription.pendingMetadata ?? subscription.metadata;
  const periodEnd = nextPeriodEnd(
    subscription.billingCycleAnchor,
    at,
    subscription.interval,
    subscription.intervalCount,
  );
  const invoiceId = sandboxId('in');
  const [renewed] = await tx
    .update(sandboxSubscriptions)
    .set({
      productName,
      amountCents,
      metadata,
      pendingProductName: null,
      pendingAmountCents: null,
      pendingMetadata: null,
      currentPeriodStart: at,
      currentPeriodEnd: periodEnd,
      latestInvoiceId: invoiceId,
      // The trial is over: the subscription is active, or past due if this first charge fails.
      ...(subscription.status === 'trialing' ? { status: 'active' as const } : {}),
    })
    .where(eq(sandboxSubscriptions.id, subscription.id))
    .returning();
  const [invoice] = await tx
    .insert(sandboxInvoices)
    .values({
      id: invoiceId,
      ownerId: subscription.ownerId,
      accountId: subscription.accountId,
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      status: 'open',
      billingReason: 'subscription_cycle',
      description: productName,
      amountDueCents: amountCents,
      currency: subscription.currency,
      metadata,
      periodStart: at,
      periodEnd,
      createdAt: at,
    })
    .returning();
  await emitEvent(deps, tx, {
    ownerId: renewed!.ownerId,
    accountId: renewed!.accountId,
    type: 'customer.subscription.updated',
    object: emitted.subscription(renewed!),
    occurredAt: at,
  });
  const charge = await chargeInvoice(deps, tx, invoice!, 'automatic', at);
  run.renewed++;
  if (charge.outcome === 'failed') run.failedPayments++;
}

/**
 * Brings one subscription up to the owner's sandbox time `now`, in order: every period that ended is
 * renewed (or the subscription canceled), every dunning retry that came due is attempted, each at
 * the sandbox time it was due. Locks the subscription so concurrent clocks never renew it twice.
 */
export async function settleSubscription(
  deps: SandboxDeps,
  tx: Tx,
  subscriptionId: string,
  now: Date,
  run: ClockRun = emptyRun(),
): Promise<ClockRun> {
  for (let guard = 0; guard < 10_000; guard++) {
    const [subscription] = await tx
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId))
      .for('update');
    if (!subscription) return run;
    const [dueInvoice] = await tx
      .select()
      .from(sandboxInvoices)
      .where(
        and(
          eq(sandboxInvoices.subscriptionId, subscriptionId),
          eq(sandboxInvoices.status, 'open'),
          isNotNull(sandboxInvoices.nextPaymentAttemptAt),
          lte(sandboxInvoices.nextPaymentAttemptAt, now),
        ),
      )
      .orderBy(asc(sandboxInvoices.nextPaymentAttemptAt))
      .limit(1)
      .for('update');
    const renewalDue =
      (subscription.status === 'active' || subscription.status === 'trialing') &&
      subscription.currentPeriodEnd.getTime() <= now.getTime();
    // Whichever came first in sandbox time happens first.
    if (
      dueInvoice &&
      (!renewalDue || dueInvoice.nextPaymentAttemptAt!.getTime() <= subscription.currentPeriodEnd.getTime())
    ) {
      const charge = await chargeInvoice(deps, tx, dueInvoice, 'automatic', dueInvoice.nextPaymentAttemptAt!);
      run.retried++;
      if (charge.outcome === 'failed') run.failedPayments++;
      continue;
    }
    if (renewalDue) {
      await renewOnce(deps, tx, subscription, run);
      continue;
    }
    return run;
  }
  throw new Error(`sandbox subscription ${subscriptionId} did not settle`);
}

/** Subscriptions with a renewal or a retry due at their owner's sandbox time. */
async function dueSubscriptions(
  deps: SandboxDeps,
  realNow: Date,
  ownerId: string | undefined,
): Promise<{ id: string; ownerId: string }[]> {
  const ownerNow = sql`(${realNow.toISOString()}::timestamptz + make_interval(secs => coalesce(${sandboxClocks.offsetSeconds}, 0)))`;
  const renewalDue = and(
    inArray(sandboxSubscriptions.status, ['active', 'trialing']),
    sql`${sandboxSubscriptions.currentPeriodEnd} <= ${ownerNow}`,
  );
  const retryDue = sql`exists (select 1 from ${sandboxInvoices} where ${sandboxInvoices.subscriptionId} = ${sandboxSubscriptions.id} and ${sandboxInvoices.status} = 'open' and ${sandboxInvoices.nextPaymentAttemptAt} <= ${ownerNow})`;
  return deps.db
    .select({ id: sandboxSubscriptions.id, ownerId: sandboxSubscriptions.ownerId })
    .from(sandboxSubscriptions)
    .leftJoin(sandboxClocks, eq(sandboxClocks.ownerId, sandboxSubscriptions.ownerId))
    .where(
      and(
        ownerId ? eq(sandboxSubscriptions.ownerId, ownerId) : undefined,
        sql`(${renewalDue} or ${retryDue})`,
      ),
    )
    .limit(500);
}

/**
 * The billing clock: renews and retries everything due, each subscription in its own transaction.
 * Runs periodically for everyone, and for one owner when their test clock is advanced.
 */
export async function runBillingClock(
  deps: SandboxDeps,
  options: { ownerId?: string; realNow?: Date } = {},
): Promise<ClockRun> {
  const realNow = options.realNow ?? new Date();
  const run = emptyRun();
  for (;;) {
    const due = await dueSubscriptions(deps, realNow, options.ownerId);
    if (due.length === 0) return run;
    for (const { id, ownerId } of due) {
      await deps.db.transaction(async (tx) => {
        const now = shift(realNow, await clockOffsetSeconds(tx, ownerId));
        await settleSubscription(deps, tx, id, now, run);
      });
    }
    if (due.length < 500) return run;
  }
}
