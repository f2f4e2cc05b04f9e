import { type CustomerReceipt, receiptPaths } from '@nest/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  nestInvoices,
  nestSubscriptions,
  nests,
  offerPrices,
  offers,
  receipts,
} from '../../db/schema/index.js';

/** At most this many receipts in one answer: years of monthly payments across several nests. */
const LIMIT = 500;

/** The signed-in customer's paid invoices across nests, newest first, each with its receipt. */
export async function listCustomerReceipts(db: Db, customerId: string): Promise<CustomerReceipt[]> {
  const rows = await db
    .select({
      invoice: nestInvoices,
      nestName: nests.name,
      offerName: offers.name,
      number: receipts.number,
    })
    .from(nestInvoices)
    .innerJoin(nestSubscriptions, eq(nestSubscriptions.id, nestInvoices.subscriptionId))
    .innerJoin(nests, eq(nests.id, nestInvoices.nestId))
    .innerJoin(offerPrices, eq(offerPrices.id, nestSubscriptions.offerPriceId))
    .innerJoin(offers, eq(offers.id, offerPrices.offerId))
    .leftJoin(receipts, eq(receipts.nestInvoiceId, nestInvoices.id))
    .where(
      and(
        eq(nestInvoices.customerId, customerId),
        eq(nestInvoices.status, 'paid'),
        gt(nestInvoices.amountPaidCents, 0),
      ),
    )
    .orderBy(desc(nestInvoices.paidAt), desc(nestInvoices.issuedAt))
    .limit(LIMIT);
  return rows.map(({ invoice, nestName, offerName, number }) => ({
    invoice_id: invoice.id,
    number,
    nest_name: nestName,
    offer_name: offerName,
    amount_cents: invoice.amountPaidCents,
    currency: invoice.currency,
    paid_at: (invoice.paidAt ?? invoice.issuedAt).toISOString(),
    period_start: invoice.periodStart?.toISOString() ?? null,
    period_end: invoice.periodEnd?.toISOString() ?? null,
    download_url: receiptPaths.customer(invoice.id),
  }));
}
