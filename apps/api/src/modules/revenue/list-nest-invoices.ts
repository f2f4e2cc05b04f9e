import type { NestInvoicePage, NestInvoicesQuery } from '@nest/contracts';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  nestCustomers,
  nestInvoices,
  nestSubscriptions,
  offerPrices,
  offers,
} from '../../db/schema/index.js';
import { afterCursor, checkRange, dayStartSql, decodePageCursor, encodePageCursor } from './ledger-page.js';

/**
 * The nest's customer invoices, newest first (by when they were issued), a page at a time, with
 * their customer and offer: what the merchant's customers were asked to pay and whether they did.
 */
export async function listNestInvoices(
  db: Db,
  input: { nestId: string; timeZone: string } & Omit<NestInvoicesQuery, 'limit'> & { limit: number },
): Promise<NestInvoicePage> {
  checkRange(input.from, input.to);
  const i = nestInvoices;
  const conditions: SQL[] = [eq(i.nestId, input.nestId)];
  if (input.status) conditions.push(eq(i.status, input.status));
  if (input.from) conditions.push(gte(i.issuedAt, dayStartSql(input.from, input.timeZone)));
  if (input.to) conditions.push(lt(i.issuedAt, dayStartSql(input.to, input.timeZone, 1)));
  if (input.cursor) conditions.push(afterCursor(i.issuedAt, i.id, decodePageCursor(input.cursor)));
  const rows = await db
    .select({
      row: i,
      at: sql<string>`${i.issuedAt}::text`.as('cursor_at'),
      customer: { id: nestCustomers.id, name: nestCustomers.name, email: nestCustomers.email },
      offer: { id: offers.id, name: offers.name },
    })
    .from(i)
    .innerJoin(nestCustomers, eq(nestCustomers.id, i.customerId))
    .innerJoin(nestSubscriptions, eq(nestSubscriptions.id, i.subscriptionId))
    .innerJoin(offerPrices, eq(offerPrices.id, nestSubscriptions.offerPriceId))
    .innerJoin(offers, eq(offers.id, offerPrices.offerId))
    .where(and(...conditions))
    .orderBy(desc(i.issuedAt), desc(i.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    invoices: page.map(({ row, customer, offer }) => ({
      id: row.id,
      number: row.providerInvoiceId,
      status: row.status,
      amount_due_cents: row.amountDueCents,
      amount_paid_cents: row.amountPaidCents,
      currency: row.currency,
      issued_at: row.issuedAt.toISOString(),
      paid_at: iso(row.paidAt),
      period_start: iso(row.periodStart),
      period_end: iso(row.periodEnd),
      customer,
      offer,
    })),
    next_cursor:
      rows.length > input.limit && last ? encodePageCursor({ at: last.at, id: last.row.id }) : null,
  };
}
