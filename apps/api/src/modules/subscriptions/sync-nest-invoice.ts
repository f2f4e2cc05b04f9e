import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestInvoices, nestTransactions } from '../../db/schema/index.js';
import { type EmailRequest, SEND_EMAIL_JOB } from '../../emails/send-email.js';
import { applicationFeeCents } from '../../payments/application-fee.js';
import { invoiceState } from '../../payments/invoice-state.js';
import type { ProviderInvoice } from '../../payments/port.js';
import { warnOnRevenue } from '../revenue/warn-revenue.js';
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

  const paidAt = row.paidAt ?? new Date();
  const fee = applicationFeeCents(row.amountPaidCents, meta.feeBps);
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
      netCents: row.amountPaidCents - fee,
      currency: row.currency,
      provider,
      providerInvoiceId: row.providerInvoiceId,
      occurredAt: paidAt,
    })
    .onConflictDoNothing({ target: [nestTransactions.invoiceId, nestTransactions.kind] })
    .returning({ id: nestTransactions.id });
  if (!payment) return;

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
      invoiceNumber: row.providerInvoiceId,
      timeZone: target.nestTimeZone,
      areaUrl: `${ctx.publicUrl}/client/login`,
    },
  };
  await ctx.jobs.enqueue(SEND_EMAIL_JOB, receipt, {
    tx,
    dedupeKey: `receipt:${provider}:${row.providerInvoiceId}`,
  });
  await notifyRewardEarned(ctx, tx, sync);
  await warnOnRevenue(ctx, tx, target.ownerId, paidAt);
}
