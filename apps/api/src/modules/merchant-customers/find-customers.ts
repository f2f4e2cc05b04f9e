import type {
  MerchantCustomerFilters,
  MerchantCustomerPage,
  MerchantCustomerRow,
  MerchantCustomerSort,
  SortDirection,
} from '@nest/contracts';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  nestCustomers,
  nestLinks,
  nestSubscriptions,
  offerPrices,
  offers,
  subscriptionTotals,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { nextChargeAt, pauseView } from '../subscriptions/pause-view.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';
import { lastCheckInBy, paidBy } from './subscription-totals.js';

export interface FindCustomersQuery extends Omit<MerchantCustomerFilters, 'direction'> {
  direction?: SortDirection | undefined;
  limit: number;
  cursor?: string | undefined;
}

const totalPaid = paidBy(sql`${nestSubscriptions.id}`);
const lastCheckIn = lastCheckInBy(sql`${nestSubscriptions.id}`);

type KeyType = 'timestamptz' | 'text' | 'bigint' | 'uuid';

/**
 * Each sort is a key that is never null (so a cursor compares with a plain row comparison) and the
 * subscription's id as the tie-break. Since, next payment and email are read from their indexes, name
 * from the customers' (ADRs 126, 150); total paid and last check-in from subscription_totals, which a
 * job keeps a few seconds behind (ADR 199), with its own copy of the id so one index answers the order.
 */
const SORTS: Record<MerchantCustomerSort, { key: SQL; type: KeyType; totals?: true }> = {
  since: { key: sql`${nestSubscriptions.createdAt}`, type: 'timestamptz' },
  next_payment: {
    // As nextChargeAt: a pause that ends after the period moves the next payment to its end.
    key: sql`coalesce(greatest(${nestSubscriptions.currentPeriodEnd}, ${nestSubscriptions.pauseEndsAt}), 'infinity'::timestamptz)`,
    type: 'timestamptz',
  },
  status: { key: sql`${nestSubscriptions.status}`, type: 'text' },
  name: { key: sql`lower(coalesce(${nestCustomers.name}, ''))`, type: 'text' },
  email: { key: sql`lower(${nestCustomers.email})`, type: 'text' },
  // Offer name, offer, price, subscription: read by offerOrderedIds; the cursor keeps the price.
  offer: { key: sql`${offerPrices.id}`, type: 'uuid' },
  total_paid: {
    key: sql`${subscriptionTotals.paidCents}`,
    type: 'bigint',
    totals: true,
  },
  last_check_in: {
    key: sql`${subscriptionTotals.lastCheckInAt}`,
    type: 'timestamptz',
    totals: true,
  },
};

export const defaultDirection = (sort: MerchantCustomerSort): SortDirection =>
  sort === 'since' ? 'desc' : 'asc';

interface Cursor {
  sort: MerchantCustomerSort;
  direction: SortDirection;
  /** The last row's key as the database printed it (microseconds kept). */
  key: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.direction, cursor.key, cursor.id])).toString(
    'base64url',
  );
}

/** timestamptz as PostgreSQL prints it: "2026-03-01 10:00:00.123456+00", or ±infinity. */
const TIMESTAMP =
  /^(-?infinity|\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?)$/;
const VALID: Record<KeyType, (value: string) => boolean> = {
  timestamptz: (value) => TIMESTAMP.test(value),
  bigint: (value) => /^-?\d{1,18}$/.test(value),
  text: (value) => value.length <= 400,
  uuid: isUuid,
};

function invalidCursor(): AppError {
  return new AppError('validation_failed', {
    fields: [{ field: 'cursor', code: 'invalid', message: 'Invalid cursor' }],
  });
}

/** A cursor is only valid for the sort it was made for, and its key must cast without error. */
function decodeCursor(value: string, sort: MerchantCustomerSort, direction: SortDirection): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || !parsed.every((part) => typeof part === 'string')) {
    throw invalidCursor();
  }
  const [cursorSort, cursorDirection, key, id] = parsed as [string, string, string, string];
  if (cursorSort !== sort || cursorDirection !== direction || !isUuid(id) || !VALID[SORTS[sort].type](key)) {
    throw invalidCursor();
  }
  return { sort, direction, key, id };
}

/** `%`, `_` and `\` typed by the merchant are searched for, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters on the subscription itself: its nest, status, past due, paused. */
function subscriptionConditions(nestId: string, filters: FindCustomersQuery): SQL[] {
  const conditions: SQL[] = [eq(nestSubscriptions.nestId, nestId)];
  if (filters.status) conditions.push(eq(nestSubscriptions.status, filters.status));
  if (filters.past_due) conditions.push(inArray(nestSubscriptions.status, ['past_due', 'unpaid']));
  if (filters.paused) {
    // As the row's pause (pauseView): a pause under way or to come, never on an ended subscription.
    conditions.push(
      sql`${nestSubscriptions.pauseEndsAt} is not null`,
      sql`${nestSubscriptions.status} <> 'canceled'`,
    );
  }
  return conditions;
}

/** The search: part of the customer's name or email. */
function customerMatch(filters: FindCustomersQuery): SQL | undefined {
  const text = filters.query?.trim();
  if (!text) return undefined;
  // Each ILIKE is answered by its trigram index (nest_customers_*_trgm_idx) from 3 characters on.
  const pattern = likePattern(text);
  return or(ilike(nestCustomers.email, pattern), ilike(nestCustomers.name, pattern));
}

/** The table's filters as conditions on nest_subscriptions joined to its customer and offer. */
function filterConditions(nestId: string, filters: FindCustomersQuery): SQL[] {
  const conditions = subscriptionConditions(nestId, filters);
  if (filters.offer_id) conditions.push(eq(offers.id, filters.offer_id));
  const match = customerMatch(filters);
  if (match) conditions.push(match);
  return conditions;
}

const FIRST_UUID = '00000000-0000-0000-0000-000000000000';
const LAST_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/**
 * The page's subscription ids in the offer order (ADR 199): by offer name, then offer, then price,
 * then subscription, read as one small index walk per price of the nest (nest_subscriptions_offer_
 * order_idx) instead of sorting every row of the nest by a name a join away. Each price's walk stops
 * at a page's worth of rows; the cursor's key is the last row's price.
 */
async function offerOrderedIds(
  db: Tx,
  nestId: string,
  query: FindCustomersQuery,
  direction: SortDirection,
  cursor: Cursor | undefined,
): Promise<{ id: string; priceId: string }[]> {
  const asc = direction === 'asc';
  const order = asc ? sql`asc` : sql`desc`;
  const groupKey = sql`(lower(${offers.name}), ${offers.id}, ${offerPrices.id})`;
  const fromCursor = cursor
    ? sql`and ${groupKey} ${asc ? sql`>=` : sql`<=`} (select lower(o.name), o.id, p.id from offer_prices p
        join offers o on o.id = p.offer_id where p.id = ${cursor.key}::uuid)`
    : sql``;
  const afterId = cursor
    ? sql`and ${nestSubscriptions.id} ${asc ? sql`>` : sql`<`} (case when g.price_id = ${cursor.key}::uuid
        then ${cursor.id}::uuid else ${asc ? FIRST_UUID : LAST_UUID}::uuid end)`
    : sql``;
  const match = customerMatch(query);
  const result = (await db.execute(sql`
    select page.id, g.price_id from (
      select ${offerPrices.id} as price_id, lower(${offers.name}) as name_key, ${offers.id} as offer_id
      from ${offerPrices} join ${offers} on ${offers.id} = ${offerPrices.offerId}
      where ${offers.nestId} = ${nestId} ${query.offer_id ? sql`and ${offers.id} = ${query.offer_id}` : sql``}
      ${fromCursor}
    ) g
    cross join lateral (
      select ${nestSubscriptions.id} as id from ${nestSubscriptions}
      ${match ? sql`join ${nestCustomers} on ${nestCustomers.id} = ${nestSubscriptions.customerId}` : sql``}
      where ${nestSubscriptions.offerPriceId} = g.price_id and ${and(...subscriptionConditions(nestId, query), match)}
      ${afterId}
      order by ${nestSubscriptions.id} ${order} limit ${query.limit + 1}
    ) page
    order by g.name_key ${order}, g.offer_id ${order}, g.price_id ${order}, page.id ${order}
    limit ${query.limit + 1}`)) as { rows: { id: string; price_id: string }[] };
  return result.rows.map((row) => ({ id: row.id, priceId: row.price_id }));
}

/**
 * One page of the customers table: the nest's subscriptions with their customer, filtered and sorted,
 * a page at a time by keyset (the last row's sort key and id), so page 2,000 costs what page 1 does.
 * Only this nest's rows: a customer's identity is shared across nests, their other subscriptions not.
 */
export async function findNestCustomers(
  db: Tx,
  nestId: string,
  query: FindCustomersQuery,
): Promise<MerchantCustomerPage> {
  const direction = query.direction ?? defaultDirection(query.sort);
  const { key, type, totals } = SORTS[query.sort];
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, direction) : undefined;
  const order = direction === 'asc' ? sql`asc` : sql`desc`;

  const select = db
    .select({
      id: nestSubscriptions.id,
      customerId: nestCustomers.id,
      name: nestCustomers.name,
      email: nestCustomers.email,
      offerId: offers.id,
      offerName: offers.name,
      status: nestSubscriptions.status,
      cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
      amountCents: offerPrices.amountCents,
      currency: offerPrices.currency,
      interval: offerPrices.interval,
      intervalCount: offerPrices.intervalCount,
      since: nestSubscriptions.createdAt,
      currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
      pauseStartsAt: nestSubscriptions.pauseStartsAt,
      pauseEndsAt: nestSubscriptions.pauseEndsAt,
      totalPaid,
      // Milliseconds since the epoch: the same on both drivers.
      lastCheckIn: sql<string | null>`(extract(epoch from ${lastCheckIn}) * 1000)::float8`,
      linkLabel: nestLinks.label,
      // Text, so the cursor keeps the microseconds a JavaScript Date would drop.
      key: sql<string>`(${key})::text`,
    })
    .from(nestSubscriptions)
    .innerJoin(nestCustomers, eq(nestCustomers.id, nestSubscriptions.customerId))
    .innerJoin(...subscriptionPrice)
    .innerJoin(...priceOffer)
    .leftJoin(nestLinks, and(eq(nestLinks.id, nestSubscriptions.linkId), eq(nestLinks.nestId, nestId)))
    .$dynamic();

  let rows: Awaited<typeof select>;
  if (query.sort === 'offer') {
    const ids = (await offerOrderedIds(db, nestId, query, direction, cursor)).map((row) => row.id);
    const found =
      ids.length === 0
        ? []
        : await select.where(and(eq(nestSubscriptions.nestId, nestId), inArray(nestSubscriptions.id, ids)));
    const byId = new Map(found.map((row) => [row.id, row]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    const id = totals ? sql`${subscriptionTotals.subscriptionId}` : sql`${nestSubscriptions.id}`;
    const conditions = filterConditions(nestId, query);
    if (totals) conditions.push(eq(subscriptionTotals.nestId, nestId));
    if (cursor) {
      const after = sql`(${cursor.key}::${sql.raw(type)}, ${cursor.id}::uuid)`;
      conditions.push(
        direction === 'asc' ? sql`(${key}, ${id}) > ${after}` : sql`(${key}, ${id}) < ${after}`,
      );
    }
    rows = await (totals
      ? select.innerJoin(subscriptionTotals, eq(subscriptionTotals.subscriptionId, nestSubscriptions.id))
      : select
    )
      .where(and(...conditions))
      .orderBy(sql`${key} ${order}`, sql`${id} ${order}`)
      .limit(query.limit + 1);
  }

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next_cursor =
    rows.length > query.limit && last
      ? encodeCursor({ sort: query.sort, direction, key: last.key, id: last.id })
      : null;
  return { rows: page.map(toRow), next_cursor };
}

type Selected = {
  id: string;
  customerId: string;
  name: string | null;
  email: string;
  offerId: string;
  offerName: string;
  status: MerchantCustomerRow['status'];
  cancelAtPeriodEnd: boolean;
  amountCents: number;
  currency: string;
  interval: MerchantCustomerRow['interval'];
  intervalCount: number;
  since: Date;
  currentPeriodEnd: Date | null;
  pauseStartsAt: Date | null;
  pauseEndsAt: Date | null;
  totalPaid: string | number;
  lastCheckIn: string | number | null;
  linkLabel: string | null;
};

function toRow(row: Selected): MerchantCustomerRow {
  const ended = row.status === 'canceled' || row.status === 'incomplete' || row.cancelAtPeriodEnd;
  return {
    subscription_id: row.id,
    customer: { id: row.customerId, name: row.name, email: row.email },
    offer: { id: row.offerId, name: row.offerName },
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    amount_cents: row.amountCents,
    currency: row.currency,
    interval: row.interval,
    interval_count: row.intervalCount,
    since: row.since.toISOString(),
    next_payment_at: ended ? null : (nextChargeAt(row, row.currentPeriodEnd)?.toISOString() ?? null),
    pause: pauseView(row),
    // A sum of integers comes back as a numeric string; cents stay integers.
    total_paid_cents: Number(row.totalPaid),
    last_check_in_at: row.lastCheckIn === null ? null : new Date(Number(row.lastCheckIn)).toISOString(),
    link_label: row.linkLabel ?? null,
  };
}
