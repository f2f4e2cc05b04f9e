import { createHmac } from 'node:crypto';
import type { UsageAllowance } from '@nest/contracts';
import type { OfflineSnapshot } from '@nest/contracts/offline';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestSubscriptions, offers } from '../../db/schema/index.js';
import { nestPassKey } from '../subscriptions/pass-keys.js';
import { PASS_STATUSES } from '../subscriptions/pass-view.js';
import { pauseView } from '../subscriptions/pause-view.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';

export interface SnapshotNest {
  id: string;
  timeZone: string;
  counterStaleMinutes: number;
}

/**
 * The key that encrypts a counter's offline data on the device (ADR 184): derived from the session
 * secret, the merchant and the nest, so the same merchant gets it back in any later session (a
 * queue left after signing out is read again after signing in) and nobody gets it without a session.
 */
export function counterStorageKey(sessionSecret: string, userId: string, nestId: string): string {
  return createHmac('sha256', sessionSecret)
    .update(`nest counter storage v1\u0000${userId}\u0000${nestId}`)
    .digest('base64url');
}

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));
const iso = (value: unknown) => asDate(value)?.toISOString() ?? null;

/**
 * What the counter keeps to answer without the network (ADR 184): the nest's public key and, for
 * each subscription that has a pass, what the verdict needs — status, paid-through, grace days, the
 * allowance and how much of its current window is used — in one query, whatever the nest's size.
 */
export async function offlineSnapshot(
  db: Db,
  ctx: { passSecret: string; sessionSecret: string },
  nest: SnapshotNest,
  userId: string,
  now: Date = new Date(),
): Promise<OfflineSnapshot> {
  const at = now.toISOString();
  const tz = nest.timeZone;
  const per = sql`(${offers.usageAllowance}->>'per')`;
  const windowStart = sql`case ${per}
      when 'day' then (date_trunc('day', ${at}::timestamptz at time zone ${tz}) at time zone ${tz})
      when 'week' then (date_trunc('week', ${at}::timestamptz at time zone ${tz}) at time zone ${tz})
      else coalesce(${nestSubscriptions.currentPeriodStart}, 'epoch'::timestamptz) end`;
  const windowEnd = sql`case ${per}
      when 'day' then ((date_trunc('day', ${at}::timestamptz at time zone ${tz}) + interval '1 day') at time zone ${tz})
      when 'week' then ((date_trunc('week', ${at}::timestamptz at time zone ${tz}) + interval '1 week') at time zone ${tz})
      else ${nestSubscriptions.currentPeriodEnd} end`;
  const rows = await db
    .select({
      id: nestSubscriptions.id,
      status: nestSubscriptions.status,
      currentPeriodStart: nestSubscriptions.currentPeriodStart,
      currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
      pauseStartsAt: nestSubscriptions.pauseStartsAt,
      pauseEndsAt: nestSubscriptions.pauseEndsAt,
      offerId: offers.id,
      offerName: offers.name,
      grants: offers.grants,
      graceDays: offers.graceDays,
      allowance: offers.usageAllowance,
      used: sql<unknown>`case when ${offers.usageAllowance} is null then 0 else (select count(*) from check_ins c
        where c.subscription_id = ${nestSubscriptions.id} and c.counts and c.created_at >= ${windowStart}) end`,
      windowEndsAt: sql<unknown>`case when ${offers.usageAllowance} is null then null else ${windowEnd} end`,
      lastCountedAt: sql<unknown>`(select max(c.created_at) from check_ins c
        where c.subscription_id = ${nestSubscriptions.id} and c.counts)`,
    })
    .from(nestSubscriptions)
    .innerJoin(...subscriptionPrice)
    .innerJoin(...priceOffer)
    .where(
      and(
        eq(nestSubscriptions.nestId, nest.id),
        inArray(nestSubscriptions.status, [...PASS_STATUSES] as (
          | 'active'
          | 'trialing'
          | 'past_due'
          | 'unpaid'
        )[]),
      ),
    );
  const offerList = new Map<string, { id: string; name: string; grants: string }>();
  for (const row of rows)
    offerList.set(row.offerId, { id: row.offerId, name: row.offerName, grants: row.grants });
  return {
    nest_id: nest.id,
    public_key: nestPassKey(ctx.passSecret, nest.id).publicKeyRaw,
    generated_at: now.toISOString(),
    stale_after_minutes: nest.counterStaleMinutes,
    storage_key: counterStorageKey(ctx.sessionSecret, userId, nest.id),
    offers: [...offerList.values()],
    subscriptions: rows.map((row) => ({
      id: row.id,
      offer_id: row.offerId,
      status: row.status,
      current_period_start: row.currentPeriodStart?.toISOString() ?? null,
      current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      pause_starts_at: pauseView(row)?.starts_at ?? null,
      pause_ends_at: pauseView(row)?.ends_at ?? null,
      grace_days: row.graceDays,
      allowance: (row.allowance ?? null) as UsageAllowance | null,
      used: Number(row.used ?? 0),
      window_ends_at: iso(row.windowEndsAt),
      last_counted_at: iso(row.lastCountedAt),
    })),
  };
}
