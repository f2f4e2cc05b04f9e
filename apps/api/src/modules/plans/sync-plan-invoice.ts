import { receiptPaths } from '@nest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { planInvoices } from '../../db/schema/index.js';
import { invoiceState } from '../../payments/invoice-state.js';
import type { ProviderInvoice } from '../../payments/port.js';
import { issuePlanReceipt } from '../receipts/issue-receipt.js';
import { planName } from './plan-catalogue.js';
import { enqueuePlanEmail, type PlanRecipient } from './plan-emails.js';
import type { PlanInvoiceRow, PlanSubscriptionRow } from './plan-view.js';
import type { PlanSyncContext } from './sync-plan-subscription.js';

/**
 * Writes what the provider says about one plan invoice onto our row, and reports what changed: the
 * first time it is seen paid (a receipt), the first time a renewal is seen failed (the way to recover).
 */
export async function syncPlanInvoice(
  ctx: PlanSyncContext,
  tx: Tx,
  subscription: PlanSubscriptionRow,
  recipient: PlanRecipient,
  invoice: ProviderInvoice,
): Promise<PlanInvoiceRow | undefined> {
  if (
    !subscription.providerSubscriptionId ||
    invoice.subscriptionId !== subscription.providerSubscriptionId
  ) {
    return undefined;
  }
  const provider = ctx.provider.name;
  const [previous] = await tx
    .select()
    .from(planInvoices)
    .where(and(eq(planInvoices.provider, provider), eq(planInvoices.providerInvoiceId, invoice.id)))
    .for('update');
  const values = invoiceState(invoice);
  const [saved] = previous
    ? await tx.update(planInvoices).set(values).where(eq(planInvoices.id, previous.id)).returning()
    : await tx
        .insert(planInvoices)
        .values({
          ...values,
          userId: subscription.userId,
          planSubscriptionId: subscription.id,
          provider,
          providerInvoiceId: invoice.id,
          providerSubscriptionId: invoice.subscriptionId,
          billingReason: invoice.billingReason,
          plan: subscription.plan,
        })
        .returning();
  const row = saved!;

  if (row.status === 'paid' && previous?.status !== 'paid' && row.amountPaidCents > 0) {
    // Numbered in the platform's series in this transaction: no gap, whatever else is paid meanwhile.
    const receipt = await issuePlanReceipt(tx, ctx.platform, row);
    await enqueuePlanEmail(
      ctx.jobs,
      tx,
      recipient,
      'plan-receipt',
      {
        name: recipient.name,
        planName: planName(row.plan ?? subscription.plan),
        amountCents: row.amountPaidCents,
        currency: row.currency,
        paidAt: (row.paidAt ?? new Date()).toISOString(),
        periodEnd: row.periodEnd?.toISOString() ?? null,
        invoiceNumber: receipt?.number ?? row.providerInvoiceId,
        timeZone: recipient.timeZone,
        accountUrl: `${ctx.publicUrl}/admin/app/account#invoices`,
        receiptUrl: `${ctx.publicUrl}${receiptPaths.plan(row.userId, row.id)}`,
      },
      `plan-receipt:${provider}:${row.providerInvoiceId}`,
    );
  }
  const renewalJustFailed =
    row.billingReason === 'subscription_cycle' &&
    row.status === 'open' &&
    row.attemptCount > 0 &&
    row.lastFailureCode !== null &&
    (previous?.attemptCount ?? 0) === 0;
  if (renewalJustFailed) {
    await enqueuePlanEmail(
      ctx.jobs,
      tx,
      recipient,
      'plan-renewal-failed',
      {
        name: recipient.name,
        planName: planName(row.plan ?? subscription.plan),
        amountCents: row.amountDueCents,
        currency: row.currency,
        failureCode: row.lastFailureCode,
        nextAttemptAt: row.nextPaymentAttemptAt?.toISOString() ?? null,
        timeZone: recipient.timeZone,
        recoverUrl: `${ctx.publicUrl}/admin/onboarding/payment/recover`,
      },
      `plan-renewal-failed:${provider}:${row.providerInvoiceId}`,
    );
  }
  return row;
}
