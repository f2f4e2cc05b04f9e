import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestCustomers, nestInvoices, nestSubscriptions, nests, offers } from '../../db/schema/index.js';
import { type EmailRequest, SEND_EMAIL_JOB } from '../../emails/send-email.js';
import type { ProviderEvent } from '../../payments/port.js';
import { priceOffer, subscriptionPrice } from './subscription-offer.js';
import type { NestSyncContext } from './sync-nest-subscription.js';

/** The customer area's pay-now step for one subscription; the only place this address is written. */
export function payNowUrl(publicUrl: string, subscriptionId: string): string {
  return `${publicUrl}/client/app/overview?pay=${encodeURIComponent(subscriptionId)}`;
}

/** Who is told and about what: the customer, their subscription and what it owes. */
export interface PaymentFailedFacts {
  email: string;
  name: string | null;
  locale: string;
  nestName: string;
  offerName: string;
  amountCents: number;
  currency: string;
  subscriptionId: string;
  nestId: string;
  customerId: string;
}

/**
 * The payment-failed email with its pay-now link, in the customer's language: sent when a charge
 * fails, and again when the merchant asks from the counter.
 */
export function paymentFailedEmail(
  publicUrl: string,
  facts: PaymentFailedFacts,
): EmailRequest<'customer-payment-failed'> {
  return {
    to: facts.email,
    locale: facts.locale === 'fr-FR' ? 'fr-FR' : 'en-US',
    template: 'customer-payment-failed',
    params: {
      name: facts.name ?? '',
      nestName: facts.nestName,
      offerName: facts.offerName,
      amountCents: facts.amountCents,
      currency: facts.currency,
      payUrl: payNowUrl(publicUrl, facts.subscriptionId),
    },
    recipient: { nestId: facts.nestId, customerId: facts.customerId },
  };
}

/**
 * After a failed charge on a customer's invoice has been synced (same transaction as the webhook),
 * tells the customer in their language, with a link to pay now. Once per invoice and attempt,
 * however many times the provider delivers the event.
 */
export async function notifyPaymentFailed(ctx: NestSyncContext, tx: Tx, event: ProviderEvent): Promise<void> {
  if (event.neutralType !== 'invoice.payment_failed' || !event.objectId) return;
  const [row] = await tx
    .select({
      invoice: nestInvoices,
      email: nestCustomers.email,
      name: nestCustomers.name,
      locale: nestCustomers.locale,
      nestName: nests.name,
      offerName: offers.name,
    })
    .from(nestInvoices)
    .innerJoin(nestSubscriptions, eq(nestSubscriptions.id, nestInvoices.subscriptionId))
    .innerJoin(nestCustomers, eq(nestCustomers.id, nestSubscriptions.customerId))
    .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
    .innerJoin(...subscriptionPrice)
    .innerJoin(...priceOffer)
    .where(
      and(eq(nestInvoices.provider, ctx.provider.name), eq(nestInvoices.providerInvoiceId, event.objectId)),
    );
  // Paid meanwhile (a later attempt went through before this event was handled): nothing to say.
  if (row?.invoice.status !== 'open') return;
  const email = paymentFailedEmail(ctx.publicUrl, {
    ...row,
    amountCents: row.invoice.amountDueCents - row.invoice.amountPaidCents,
    currency: row.invoice.currency,
    subscriptionId: row.invoice.subscriptionId,
    nestId: row.invoice.nestId,
    customerId: row.invoice.customerId,
  });
  await ctx.jobs.enqueue(SEND_EMAIL_JOB, email, {
    tx,
    dedupeKey: `customer-payment-failed:${ctx.provider.name}:${row.invoice.providerInvoiceId}:${row.invoice.attemptCount}`,
  });
}
