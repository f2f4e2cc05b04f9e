import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { nests, nestTransactions, users } from '../../db/schema/index.js';

/**
 * "This month" is the merchant's calendar month in their time zone (users.time_zone), computed by
 * the database so every query (the dashboard, the public link page, the warning) agrees to the
 * second, including across daylight-saving changes.
 */
const localNow = (now: Date, timeZone: AnyPgColumn | SQL) =>
  sql`(${now.toISOString()}::timestamptz at time zone ${timeZone})`;

export const monthStartSql = (now: Date, timeZone: AnyPgColumn | SQL) =>
  sql`(date_trunc('month', ${localNow(now, timeZone)}) at time zone ${timeZone})`;

export const monthEndSql = (now: Date, timeZone: AnyPgColumn | SQL) =>
  sql`((date_trunc('month', ${localNow(now, timeZone)}) + interval '1 month') at time zone ${timeZone})`;

/** "2025-03": the key of the month, in the zone. */
export const monthKeySql = (now: Date, timeZone: AnyPgColumn | SQL) =>
  sql<string>`to_char(${localNow(now, timeZone)}, 'YYYY-MM')`;

/**
 * The month's revenue of the merchant whose id is `ownerId` (a column or a value): succeeded
 * customer payments of their nest. A scalar subquery, so the public link page can fold it into its
 * one query; it reads the (nest_id, occurred_at) index. Column references sit inside eq()/and(),
 * which Drizzle always qualifies with their table (bare ones are not, in a one-table select).
 */
export function monthRevenueSql(ownerId: AnyPgColumn | SQL, timeZone: AnyPgColumn | SQL, now: Date) {
  return sql<string>`(select coalesce(sum(${nestTransactions.amountCents}), 0) from ${nestTransactions}
    inner join ${nests} on ${eq(nests.id, nestTransactions.nestId)}
    where ${and(
      eq(nests.ownerId, ownerId),
      eq(nestTransactions.kind, 'payment'),
      eq(nestTransactions.status, 'succeeded'),
      gte(nestTransactions.occurredAt, monthStartSql(now, timeZone)),
      lt(nestTransactions.occurredAt, monthEndSql(now, timeZone)),
    )})`;
}

export interface MonthRevenue {
  /** "2025-03", in the merchant's time zone. */
  month: string;
  cents: number;
}

/** The merchant's revenue so far this month (customers' successful payments), in cents. */
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
