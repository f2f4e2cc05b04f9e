import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  sandboxCustomers,
  sandboxInvoices,
  sandboxPaymentAttempts,
  sandboxSubscriptions,
} from '../../db/schema/index.js';
import { applicationFeeCents } from '../application-fee.js';
import { addDays } from './calendar.js';
import type { SandboxDeps } from './context.js';
import { emitEvent } from './emit-event.js';
import { sandboxId } from './ids.js';
import { chargeOutcome } from './test-cards.js';
import { emitted, type SandboxInvoiceRow, type SandboxSubscriptionRow } from './to-port.js';

/** Dunning: after a failed renewal, retry this many days after it; after the last, the subscription is unpaid. */
export const DUNNING_RETRY_DAYS = [1, 3, 5] as const;

export type ChargeTrigger = 'checkout' | 'automatic' | 'manual';

export interface ChargeResult {
  outcome: 'paid' | 'failed';
  failureCode: string | null;
  invoice: SandboxInvoiceRow;
}

/**
 * Charges an open invoice with its customer's saved card at sandbox time `at`, records the attempt,
 * and moves the invoice and its subscription on: paid makes a past-due subscription active again;
 * a failed automatic attempt follows the dunning schedule and, after the last retry, leaves the
 * subscription unpaid. Emits the events Stripe would.
 */
export async function chargeInvoice(
  deps: SandboxDeps,
  tx: Tx,
  invoice: SandboxInvoiceRow,
  trigger: ChargeTrigger,
  at: Date,
): Promise<ChargeResult> {
  if (invoice.status !== 'open') {
    return { outcome: invoice.status === 'paid' ? 'paid' : 'failed', failureCode: null, invoice };
  }
  const [customer] = await tx
    .select()
    .from(sandboxCustomers)
    .where(eq(sandboxCustomers.id, invoice.customerId));
  const result =
    invoice.amountDueCents === 0
      ? ({ ok: true } as const)
      : chargeOutcome(customer?.cardBehavior ?? null, trigger);
  if (invoice.amountDueCents > 0) {
    // On a connected account the platform keeps its share of each payment (application_fee_percent).
    const [subscription] = invoice.subscriptionId
      ? await tx
          .select({ feeBps: sandboxSubscriptions.applicationFeeBps })
          .from(sandboxSubscriptions)
          .where(eq(sandboxSubscriptions.id, invoice.subscriptionId))
      : [];
    await tx.insert(sandboxPaymentAttempts).values({
      id: sandboxId('py'),
      ownerId: invoice.ownerId,
      accountId: invoice.accountId,
      invoiceId: invoice.id,
      customerId: invoice.customerId,
      amountCents: invoice.amountDueCents,
      applicationFeeCents: result.ok
        ? applicationFeeCents(invoice.amountDueCents, subscription?.feeBps ?? 0)
        : 0,
      currency: invoice.currency,
      status: result.ok ? 'succeeded' : 'failed',
      failureCode: result.ok ? null : result.code,
      cardLast4: customer?.cardLast4 ?? null,
      trigger,
      createdAt: at,
    });
  }
  // Stripe counts automatic attempts only; a manual retry does not move the dunning schedule.
  const attemptCount = trigger === 'manual' ? invoice.attemptCount : invoice.attemptCount + 1;

  if (result.ok) {
    const [paid] = await tx
      .update(sandboxInvoices)
      .set({
        status: 'paid',
        amountPaidCents: invoice.amountDueCents,
        paidAt: at,
        attemptCount,
        nextPaymentAttemptAt: null,
      })
      .where(eq(sandboxInvoices.id, invoice.id))
      .returning();
    await emitEvent(deps, tx, {
      ownerId: invoice.ownerId,
      accountId: invoice.accountId,
      type: 'invoice.paid',
      object: emitted.invoice(paid!),
      occurredAt: at,
    });
    if (invoice.subscriptionId) await reactivateIfSettled(deps, tx, invoice.subscriptionId, at);
    return { outcome: 'paid', failureCode: null, invoice: paid! };
  }

  const retriesLeft = trigger === 'automatic' && attemptCount <= DUNNING_RETRY_DAYS.length;
  const nextPaymentAttemptAt =
    trigger === 'manual'
      ? invoice.nextPaymentAttemptAt
      : retriesLeft
        ? addDays(invoice.createdAt, DUNNING_RETRY_DAYS[attemptCount - 1]!)
        : null;
  const [failed] = await tx
    .update(sandboxInvoices)
    .set({ attemptCount, nextPaymentAttemptAt, lastFailureCode: result.code })
    .where(eq(sandboxInvoices.id, invoice.id))
    .returning();
  await emitEvent(deps, tx, {
    ownerId: invoice.ownerId,
    accountId: invoice.accountId,
    type: 'invoice.payment_failed',
    object: emitted.invoice(failed!),
    occurredAt: at,
  });
  if (invoice.subscriptionId && trigger === 'automatic') {
    await setSubscriptionStatus(deps, tx, invoice.subscriptionId, retriesLeft ? 'past_due' : 'unpaid', at);
  }
  return { outcome: 'failed', failureCode: result.code, invoice: failed! };
}

async function setSubscriptionStatus(
  deps: SandboxDeps,
  tx: Tx,
  subscriptionId: string,
  status: SandboxSubscriptionRow['status'],
  at: Date,
): Promise<void> {
  const [updated] = await tx
    .update(sandboxSubscriptions)
    .set({ status })
    .where(and(eq(sandboxSubscriptions.id, subscriptionId), ne(sandboxSubscriptions.status, status)))
    .returning();
  if (!updated) return;
  await emitEvent(deps, tx, {
    ownerId: updated.ownerId,
    accountId: updated.accountId,
    type: 'customer.subscription.updated',
    object: emitted.subscription(updated),
    occurredAt: at,
  });
}

/** A past-due or unpaid subscription is active again once none of its invoices is left open. */
async function reactivateIfSettled(
  deps: SandboxDeps,
  tx: Tx,
  subscriptionId: string,
  at: Date,
): Promise<void> {
  const [subscription] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, subscriptionId));
  if (!subscription || !['past_due', 'unpaid', 'incomplete'].includes(subscription.status)) return;
  const open = await tx
    .select({ id: sandboxInvoices.id })
    .from(sandboxInvoices)
    .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.status, 'open')))
    .limit(1);
  if (open.length > 0) return;
  await setSubscriptionStatus(deps, tx, subscriptionId, 'active', at);
}
