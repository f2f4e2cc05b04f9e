import { and, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestInvoices, nestTransactions } from '../../db/schema/index.js';

/** The part of a paid period a subscription has not used yet: what a prorated refund gives back. */
export interface UnusedPeriod {
  /** The ledger's payment row of the period's invoice. */
  paymentId: string;
  provider: string;
  providerPaymentId: string;
  currency: string;
  cents: number;
}

/**
 * The rule of ADR 156: the period is the one of the subscription's paid invoice that covers `now`
 * (period start ≤ now < period end), paid by a succeeded payment the ledger knows. What is unused is
 * the amount paid × (period end − now) / (period end − period start), to the millisecond, rounded
 * down to the cent (the merchant never gives back more than the customer did not use), and at most
 * what is left to refund of that payment (earlier refunds, succeeded or pending, count). Nothing
 * (absent from the map) when there is no such payment or nothing is left.
 */
export async function unusedPeriods(
  db: Tx,
  nestId: string,
  subscriptionIds: string[],
  now: Date = new Date(),
): Promise<Map<string, UnusedPeriod>> {
  const found = new Map<string, UnusedPeriod>();
  if (subscriptionIds.length === 0) return found;
  const t = nestTransactions;
  /** The outer ledger row's column, written out: drizzle leaves a column unqualified in a select of one table, where a subquery over the same table would read its own. */
  const outer = (column: string) => sql.raw(`"nest_transactions"."${column}"`);
  const rows = await db
    .select({
      subscriptionId: nestInvoices.subscriptionId,
      periodStart: nestInvoices.periodStart,
      periodEnd: nestInvoices.periodEnd,
      paymentId: t.id,
      provider: t.provider,
      providerPaymentId: t.providerPaymentId,
      amountCents: t.amountCents,
      currency: t.currency,
      refunded: sql<string>`coalesce((
        select sum(-r.amount_cents) from nest_transactions r
        where r.provider = ${outer('provider')} and r.provider_payment_id = ${outer('provider_payment_id')}
          and r.kind = 'refund' and r.status in ('succeeded', 'pending')
      ), 0)`,
    })
    .from(nestInvoices)
    .innerJoin(t, and(eq(t.invoiceId, nestInvoices.id), eq(t.kind, 'payment')))
    .where(
      and(
        eq(nestInvoices.nestId, nestId),
        inArray(nestInvoices.subscriptionId, subscriptionIds),
        eq(nestInvoices.status, 'paid'),
        lte(nestInvoices.periodStart, now),
        gt(nestInvoices.periodEnd, now),
        eq(t.status, 'succeeded'),
        isNotNull(t.providerPaymentId),
      ),
    );
  for (const row of rows) {
    if (!row.periodStart || !row.periodEnd || !row.providerPaymentId) continue;
    const length = row.periodEnd.getTime() - row.periodStart.getTime();
    if (length <= 0) continue;
    const left = row.amountCents - Number(row.refunded);
    const share = (row.periodEnd.getTime() - now.getTime()) / length;
    const cents = Math.min(left, Math.floor(row.amountCents * share));
    const previous = found.get(row.subscriptionId);
    // Two paid invoices covering the same moment (a plan change): the larger unused part.
    if (cents <= 0 || (previous && previous.cents >= cents)) continue;
    found.set(row.subscriptionId, {
      paymentId: row.paymentId,
      provider: row.provider,
      providerPaymentId: row.providerPaymentId,
      currency: row.currency,
      cents,
    });
  }
  return found;
}
