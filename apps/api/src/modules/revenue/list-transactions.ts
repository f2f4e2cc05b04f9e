import type { Transaction, TransactionPage } from '@nest/contracts';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  nestCustomers,
  nestSubscriptions,
  nestTransactions,
  offerPrices,
  offers,
} from '../../db/schema/index.js';
import { afterCursor, checkRange, dayStartSql, decodePageCursor, encodePageCursor } from './ledger-page.js';

export interface ListTransactionsInput {
  nestId: string;
  timeZone: string;
  kind?: Transaction['kind'] | undefined;
  offerId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/**
 * The nest's ledger, newest first, a page at a time: each row with its customer and offer, and for a
 * payment what is left to refund. Reads only our tables (the provider is never called on a page
 * view). The page is chosen first on the ledger alone, walking the (nest_id, occurred_at, id) index
 * backwards (or (nest_id, kind, occurred_at) for a kind), then only its rows are joined to their
 * customer and offer and their refunds summed, so the cost does not grow with the nest.
 */
export async function listTransactions(db: Db, input: ListTransactionsInput): Promise<TransactionPage> {
  checkRange(input.from, input.to);
  const t = nestTransactions;
  const conditions: SQL[] = [eq(t.nestId, input.nestId)];
  if (input.kind) conditions.push(eq(t.kind, input.kind));
  if (input.offerId) {
    conditions.push(
      inArray(
        t.subscriptionId,
        db
          .select({ id: nestSubscriptions.id })
          .from(nestSubscriptions)
          .innerJoin(offerPrices, eq(offerPrices.id, nestSubscriptions.offerPriceId))
          .where(and(eq(nestSubscriptions.nestId, input.nestId), eq(offerPrices.offerId, input.offerId))),
      ),
    );
  }
  if (input.from) conditions.push(gte(t.occurredAt, dayStartSql(input.from, input.timeZone)));
  if (input.to) conditions.push(lt(t.occurredAt, dayStartSql(input.to, input.timeZone, 1)));
  if (input.cursor) conditions.push(afterCursor(t.occurredAt, t.id, decodePageCursor(input.cursor)));

  const picked = await db
    .select({ id: t.id, at: sql<string>`${t.occurredAt}::text`.as('cursor_at') })
    .from(t)
    .where(and(...conditions))
    .orderBy(desc(t.occurredAt), desc(t.id))
    .limit(input.limit + 1);
  const page = picked.slice(0, input.limit);
  if (page.length === 0) return { transactions: [], next_cursor: null };

  const ids = page.map((row) => row.id);
  const details = await db
    .select({
      row: t,
      customer: { id: nestCustomers.id, name: nestCustomers.name, email: nestCustomers.email },
      offer: { id: offers.id, name: offers.name },
    })
    .from(t)
    .leftJoin(nestCustomers, eq(nestCustomers.id, t.customerId))
    .leftJoin(nestSubscriptions, eq(nestSubscriptions.id, t.subscriptionId))
    .leftJoin(offerPrices, eq(offerPrices.id, nestSubscriptions.offerPriceId))
    .leftJoin(offers, eq(offers.id, offerPrices.offerId))
    .where(inArray(t.id, ids));
  const byId = new Map(details.map((d) => [d.row.id, d]));
  const paymentIds = details
    .filter((d) => d.row.kind === 'payment' && d.row.providerPaymentId)
    .map((d) => d.row.providerPaymentId as string);
  const refunded = new Map<string, number>();
  if (paymentIds.length > 0) {
    const sums = await db
      .select({
        provider: t.provider,
        paymentId: t.providerPaymentId,
        cents: sql<string>`coalesce(sum(-${t.amountCents}), 0)`,
      })
      .from(t)
      .where(
        and(
          inArray(t.provider, [...new Set(details.map((d) => d.row.provider))]),
          inArray(t.providerPaymentId, paymentIds),
          eq(t.kind, 'refund'),
          inArray(t.status, ['succeeded', 'pending']),
        ),
      )
      .groupBy(t.provider, t.providerPaymentId);
    for (const sum of sums) refunded.set(`${sum.provider}:${sum.paymentId}`, Number(sum.cents));
  }

  const last = page.at(-1);
  return {
    transactions: page.flatMap(({ id }) => {
      const found = byId.get(id);
      if (!found) return [];
      const { row, customer, offer } = found;
      const refundable =
        row.kind === 'payment' && row.status === 'succeeded' && row.providerPaymentId
          ? Math.max(0, row.amountCents - (refunded.get(`${row.provider}:${row.providerPaymentId}`) ?? 0))
          : 0;
      return [
        {
          id: row.id,
          kind: row.kind,
          status: row.status,
          amount_cents: row.amountCents,
          fee_cents: row.feeCents,
          processing_fee_cents: row.processingFeeCents,
          net_cents: row.netCents,
          currency: row.currency,
          occurred_at: row.occurredAt.toISOString(),
          customer: customer?.id ? { id: customer.id, name: customer.name, email: customer.email } : null,
          offer: offer?.id ? { id: offer.id, name: offer.name } : null,
          refundable_cents: refundable,
          payout_id: row.providerPayoutId,
          reason: row.reason,
        },
      ];
    }),
    next_cursor: picked.length > input.limit && last ? encodePageCursor({ at: last.at, id: last.id }) : null,
  };
}
