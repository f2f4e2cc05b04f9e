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

type KeyType = 'timestamptz' | 'text' | 'bigint';

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
  offer: { key: sql`lower(${offers.name})`, type: 'text' },
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

/** The table's filters as conditions on nest_subscriptions joined to its customer and offer. */
function filterConditions(nestId: string, filters: FindCustomersQuery): SQL[] {
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
  if (filters.offer_id) conditions.push(eq(offers.id, filters.offer_id));
  const text = filters.query?.trim();
  if (text) {
    // Each ILIKE is answered by its trigram index (nest_customers_*_trgm_idx) from 3 characters on.
    const pattern = likePattern(text);
    const match = or(ilike(nestCustomers.email, pattern), ilike(nestCustomers.name, pattern));
    if (match) conditions.push(match);
  }
  return conditions;
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
  const id = totals ? sql`${subscriptionTotals.subscriptionId}` : sql`${nestSubscriptions.id}`;
  const conditions = filterConditions(nestId, query);
  if (totals) conditions.push(eq(subscriptionTotals.nestId, nestId));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, query.sort, direction);
    const after = sql`(${cursor.key}::${sql.raw(type)}, ${cursor.id}::uuid)`;
    conditions.push(direction === 'asc' ? sql`(${key}, ${id}) > ${after}` : sql`(${key}, ${id}) < ${after}`);
  }
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
  const rows = await (totals
    ? select.innerJoin(subscriptionTotals, eq(subscriptionTotals.subscriptionId, nestSubscriptions.id))
    : select
  )
    .where(and(...conditions))
    .orderBy(sql`${key} ${order}`, sql`${id} ${order}`)
    .limit(query.limit + 1);

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
