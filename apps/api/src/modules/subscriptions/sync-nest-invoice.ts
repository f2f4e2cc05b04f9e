import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestInvoices, nestTransactions } from '../../db/schema/index.js';
import { type EmailRequest, SEND_EMAIL_JOB } from '../../emails/send-email.js';
import { applicationFeeCents } from '../../payments/application-fee.js';
import { invoiceState } from '../../payments/invoice-state.js';
import type { ProviderInvoice } from '../../payments/port.js';
import { issueNestReceipt } from '../receipts/issue-receipt.js';
import { warnOnRevenue } from '../revenue/warn-revenue.js';
import { providerActor, recordHistory } from './history.js';
import { linkPaymentRow, recordPaymentMoney } from './ledger.js';
import { notifyRewardEarned } from './notify-reward-earned.js';
import type { NestCheckoutMetadata } from './subscription-metadata.js';
import type { NestSubscriptionSync, NestSyncContext } from './sync-nest-subscription.js';

/**
 * Writes what the provider says about one invoice of a customer subscription, and, the first time it
 * is seen paid, records the payment (amount, platform fee, net), queues the customer's receipt in
 * their language, tells them when that payment earns a paid-periods reward, and tells the merchant if
 * the month's revenue crossed a warning level. The unique payment per invoice makes all of it happen
 * once, whatever the number of events.
 */
export async function syncNestInvoice(
  ctx: NestSyncContext,
  tx: Tx,
  sync: NestSubscriptionSync,
  meta: NestCheckoutMetadata,
  invoice: ProviderInvoice,
): Promise<void> {
  const { subscription, target } = sync;
  const providerSubscriptionId = invoice.subscriptionId;
  if (!providerSubscriptionId || providerSubscriptionId !== subscription.providerSubscriptionId) return;
  const provider = ctx.provider.name;
  const [previous] = await tx
    .select()
    .from(nestInvoices)
    .where(and(eq(nestInvoices.provider, provider), eq(nestInvoices.providerInvoiceId, invoice.id)))
    .for('update');
  const values = invoiceState(invoice);
  const [saved] = previous
    ? await tx.update(nestInvoices).set(values).where(eq(nestInvoices.id, previous.id)).returning()
    : await tx
        .insert(nestInvoices)
        .values({
          ...values,
          nestId: subscription.nestId,
          subscriptionId: subscription.id,
          customerId: subscription.customerId,
          provider,
          providerInvoiceId: invoice.id,
          providerSubscriptionId,
          billingReason: invoice.billingReason,
        })
        .returning();
  const row = saved!;
  if (row.status !== 'paid' || row.amountPaidCents <= 0) return;

  const [existing] = await tx
    .select({ id: nestTransactions.id })
    .from(nestTransactions)
    .where(and(eq(nestTransactions.invoiceId, row.id), eq(nestTransactions.kind, 'payment')));
  if (existing) return;
  // The ledger (ADR 120): the payment's provider id (what refunds, disputes and payouts name) and
  // the provider's processing fee, read once now; under the account's ledger lock, so refunds or a
  // payout that came first are linked to it below.
  await tx.execute(
    sql`select pg_advisory_xact_lock(7210434, hashtext(${`${provider}:${target.accountId}`}))`,
  );
  const providerPayment = await ctx.provider.retrieveNestPayment(
    target.accountId,
    { invoiceId: invoice.id },
    { tx },
  );
  const paidAt = row.paidAt ?? new Date();
  const fee = applicationFeeCents(row.amountPaidCents, meta.feeBps);
  const processingFee = providerPayment?.processingFeeCents ?? null;
  const [payment] = await tx
    .insert(nestTransactions)
    .values({
      nestId: subscription.nestId,
      subscriptionId: subscription.id,
      invoiceId: row.id,
      customerId: subscription.customerId,
      kind: 'payment',
      status: 'succeeded',
      amountCents: row.amountPaidCents,
      feeCents: fee,
      processingFeeCents: processingFee,
      netCents: row.amountPaidCents - fee - (processingFee ?? 0),
      currency: row.currency,
      provider,
      providerInvoiceId: row.providerInvoiceId,
      providerObjectId: providerPayment?.id ?? null,
      providerPaymentId: providerPayment?.id ?? null,
      occurredAt: paidAt,
    })
    .onConflictDoNothing({ target: [nestTransactions.invoiceId, nestTransactions.kind] })
    .returning();
  if (!payment) return;
  await linkPaymentRow(tx, payment);
  if (row.billingReason === 'subscription_cycle') {
    await recordHistory(tx, {
      nestId: subscription.nestId,
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      kind: 'renewed',
      actor: providerActor,
      dedupeKey: `renewed:${row.id}`,
    });
  }
  // Refunds of this payment that were made before it was recorded here.
  if (providerPayment && providerPayment.refunds.length > 0) {
    await recordPaymentMoney(provider, tx, subscription.nestId, providerPayment);
  }
  await notifyRewardEarned(ctx, tx, sync);
  await warnOnRevenue(ctx, tx, target.ownerId, paidAt);

  // Numbered in the nest's series in this transaction: no gap, whatever else the nest is paid meanwhile.
  // Last, so the nest's number row stays locked for as little of the transaction as possible.
  const issued = await issueNestReceipt(tx, row, { locale: meta.locale });

  const receipt: EmailRequest<'receipt'> = {
    to: sync.customer.email,
    locale: meta.locale,
    template: 'receipt',
    params: {
      name: meta.name || sync.customer.name || '',
      nestName: target.nestName,
      offerName: target.offerName,
      amountCents: row.amountPaidCents,
      currency: row.currency,
      paidAt: paidAt.toISOString(),
      periodEnd: row.periodEnd?.toISOString() ?? null,
      invoiceNumber: issued?.number ?? row.providerInvoiceId,
      timeZone: target.nestTimeZone,
      areaUrl: `${ctx.publicUrl}/client/login`,
      receiptsUrl: `${ctx.publicUrl}/client/app/overview#receipts`,
    },
    recipient: { nestId: subscription.nestId, customerId: subscription.customerId },
  };
  await ctx.jobs.enqueue(SEND_EMAIL_JOB, receipt, {
    tx,
    dedupeKey: `receipt:${provider}:${row.providerInvoiceId}`,
  });
}
