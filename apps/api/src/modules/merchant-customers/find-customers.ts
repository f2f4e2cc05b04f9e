import type {
  MerchantCustomer,
  MerchantCustomerPage,
  MerchantCustomerSubscription,
  SubscriptionStatus,
} from '@nest/contracts';
import { and, desc, eq, ilike, inArray, isNotNull, max, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  nestCustomers,
  nestLinks,
  nestSubscriptions,
  nestTransactions,
  offerPrices,
  offers,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';

export interface FindCustomersQuery {
  query?: string | undefined;
  status?: SubscriptionStatus | undefined;
  limit: number;
  cursor?: string | undefined;
}

interface Cursor {
  /** The page's last customer's latest subscription time, as the database wrote it (µs kept). */
  lastAt: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.lastAt}|${cursor.id}`).toString('base64url');
}

/** timestamptz as PostgreSQL prints it: "2026-03-01 10:00:00.123456+00". */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;

function decodeCursor(value: string): Cursor {
  const [lastAt, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!lastAt || !id || !isUuid(id) || !TIMESTAMP.test(lastAt)) {
    throw new AppError('validation_failed', {
      fields: [{ field: 'cursor', code: 'invalid', message: 'Invalid cursor' }],
    });
  }
  return { lastAt, id };
}

/** `%`, `_` and `\` typed by the merchant are searched for, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The nest's customers, most recent subscriber first: only people with a subscription in this nest,
 * and of them only this nest's subscriptions and payments (an identity is shared across nests).
 */
export async function findNestCustomers(
  db: Tx,
  nestId: string,
  query: FindCustomersQuery,
): Promise<MerchantCustomerPage> {
  const subscribed = db
    .select({
      customerId: nestSubscriptions.customerId,
      lastAt: max(nestSubscriptions.createdAt).as('last_at'),
    })
    .from(nestSubscriptions)
    .where(
      and(
        eq(nestSubscriptions.nestId, nestId),
        query.status ? eq(nestSubscriptions.status, query.status) : undefined,
      ),
    )
    .groupBy(nestSubscriptions.customerId)
    .as('subscribed');

  const conditions: SQL[] = [];
  const text = query.query?.trim();
  if (text) {
    const pattern = likePattern(text);
    const match = or(ilike(nestCustomers.email, pattern), ilike(nestCustomers.name, pattern));
    if (match) conditions.push(match);
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(
      sql`(${subscribed.lastAt} < ${cursor.lastAt}::timestamptz or (${subscribed.lastAt} = ${cursor.lastAt}::timestamptz and ${nestCustomers.id} < ${cursor.id}::uuid))`,
    );
  }

  const rows = await db
    .select({
      id: nestCustomers.id,
      name: nestCustomers.name,
      email: nestCustomers.email,
      // Text, so the cursor keeps the microseconds a JavaScript Date would drop.
      lastAt: sql<string>`${subscribed.lastAt}::text`,
    })
    .from(nestCustomers)
    .innerJoin(subscribed, eq(subscribed.customerId, nestCustomers.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(subscribed.lastAt), desc(nestCustomers.id))
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor(last) : null;
  if (page.length === 0) return { customers: [], next_cursor: null };

  const ids = page.map((row) => row.id);
  const [subscriptions, totals] = await Promise.all([
    db
      .select({
        id: nestSubscriptions.id,
        customerId: nestSubscriptions.customerId,
        offerId: offers.id,
        offerName: offers.name,
        status: nestSubscriptions.status,
        amountCents: offerPrices.amountCents,
        currency: offerPrices.currency,
        interval: offerPrices.interval,
        intervalCount: offerPrices.intervalCount,
        startedAt: nestSubscriptions.createdAt,
        currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
        linkLabel: nestLinks.label,
      })
      .from(nestSubscriptions)
      .innerJoin(...subscriptionPrice)
      .innerJoin(...priceOffer)
      .leftJoin(nestLinks, and(eq(nestLinks.id, nestSubscriptions.linkId), eq(nestLinks.nestId, nestId)))
      .where(and(eq(nestSubscriptions.nestId, nestId), inArray(nestSubscriptions.customerId, ids)))
      .orderBy(desc(nestSubscriptions.createdAt), desc(nestSubscriptions.id)),
    db
      .select({ customerId: nestTransactions.customerId, cents: sum(nestTransactions.amountCents) })
      .from(nestTransactions)
      .where(
        and(
          eq(nestTransactions.nestId, nestId),
          isNotNull(nestTransactions.customerId),
          inArray(nestTransactions.customerId, ids),
          eq(nestTransactions.kind, 'payment'),
          eq(nestTransactions.status, 'succeeded'),
        ),
      )
      .groupBy(nestTransactions.customerId),
  ]);

  const byCustomer = new Map<string, MerchantCustomerSubscription[]>();
  for (const row of subscriptions) {
    const list = byCustomer.get(row.customerId) ?? [];
    list.push({
      id: row.id,
      offer: { id: row.offerId, name: row.offerName },
      status: row.status,
      amount_cents: row.amountCents,
      currency: row.currency,
      interval: row.interval,
      interval_count: row.intervalCount,
      started_at: row.startedAt.toISOString(),
      current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      link_label: row.linkLabel ?? null,
    });
    byCustomer.set(row.customerId, list);
  }
  // A sum of integers comes back as a numeric string; cents stay integers.
  const paid = new Map(totals.map((row) => [row.customerId, Number(row.cents ?? 0)]));

  const customers: MerchantCustomer[] = page.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    subscriptions: byCustomer.get(row.id) ?? [],
    total_paid_cents: paid.get(row.id) ?? 0,
  }));
  return { customers, next_cursor: nextCursor };
}
