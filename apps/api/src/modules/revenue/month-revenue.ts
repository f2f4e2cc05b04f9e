import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { nests, nestTransactions, users } from '../../db/schema/index.js';

/** Now, or a prepared statement's placeholder for it (an ISO string at each execution). */
type Instant = Date | Placeholder;

/**
 * "This month" is the merchant's calendar month in their time zone (users.time_zone), computed by
 * the database so every query (the dashboard, the public link page, the warning) agrees to the
 * second, including across daylight-saving changes.
 */
const localNow = (now: Instant, timeZone: AnyPgColumn | SQL) =>
  sql`(${now instanceof Date ? now.toISOString() : now}::timestamptz at time zone ${timeZone})`;

export const monthStartSql = (now: Instant, timeZone: AnyPgColumn | SQL) =>
  sql`(date_trunc('month', ${localNow(now, timeZone)}) at time zone ${timeZone})`;

export const monthEndSql = (now: Instant, timeZone: AnyPgColumn | SQL) =>
  sql`((date_trunc('month', ${localNow(now, timeZone)}) + interval '1 month') at time zone ${timeZone})`;

/** "2025-03": the key of the month, in the zone. */
export const monthKeySql = (now: Date, timeZone: AnyPgColumn | SQL) =>
  sql<string>`to_char(${localNow(now, timeZone)}, 'YYYY-MM')`;

/** The month's payments (p) and, grouped by payment, the refunds made since the month began (r). */
const P = sql.identifier('p');
const R = sql.identifier('r');

/**
 * The month's revenue of the merchant whose id is `ownerId` (a column or a value): the succeeded
 * customer payments of their nest made this month, each less its succeeded refunds, never below
 * zero (ADR 135). A refund gives room back in the month of the payment it refunds, not in the month
 * it is made, so an old payment refunded today cannot make room for new sales. The refunds are read
 * once, grouped by the payment they name (a refund never precedes its payment, so only those since
 * the month began), and joined to the payments. A scalar subquery, so the public link page can fold
 * it into its one query; both sides read the (nest_id, kind, occurred_at) index. The owner is
 * compared inside eq(), which Drizzle always qualifies with its table.
 */
export function monthRevenueSql(ownerId: AnyPgColumn | SQL, timeZone: AnyPgColumn | SQL, now: Instant) {
  const start = monthStartSql(now, timeZone);
  const ownNests = sql`(select ${nests.id} from ${nests} where ${eq(nests.ownerId, ownerId)})`;
  return sql<string>`(select coalesce(sum(greatest(${P}.amount_cents + coalesce(${R}.refunded_cents, 0), 0)), 0)
    from ${nestTransactions} ${P}
    left join (
      select provider, provider_payment_id, nest_id, sum(amount_cents) as refunded_cents
      from ${nestTransactions}
      where nest_id in ${ownNests} and kind = 'refund' and status = 'succeeded' and occurred_at >= ${start}
      group by provider, provider_payment_id, nest_id
    ) ${R} on ${R}.provider = ${P}.provider and ${R}.provider_payment_id = ${P}.provider_payment_id
      and ${R}.nest_id = ${P}.nest_id
    where ${P}.nest_id in ${ownNests} and ${P}.kind = 'payment' and ${P}.status = 'succeeded'
      and ${P}.occurred_at >= ${start} and ${P}.occurred_at < ${monthEndSql(now, timeZone)})`;
}

export interface MonthRevenue {
  /** "2025-03", in the merchant's time zone. */
  month: string;
  cents: number;
}

/** The merchant's revenue so far this month (customers' successful payments less their refunds), in cents. */
export async function monthRevenue(db: Tx, userId: string, now: Date = new Date()): Promise<MonthRevenue> {
  const [row] = await db
    .select({
      month: monthKeySql(now, users.timeZone),
      cents: monthRevenueSql(users.id, users.timeZone, now),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { month: '', cents: 0 };
  // A sum of integers comes back as a numeric string; cents stay integers.
  return { month: row.month, cents: Number(row.cents) };
}

/** monthRevenue(), the cents only. */
export async function monthRevenueCents(db: Tx, userId: string, now: Date = new Date()): Promise<number> {
  return (await monthRevenue(db, userId, now)).cents;
}
