import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { param, prepared } from '../../db/prepared.js';
import { nestCustomers, nestSubscriptions, nests, offers } from '../../db/schema/index.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';

/** What the counter's verdict and answer need of a subscription: its nest, customer and offer. */
const passColumns = {
  id: nestSubscriptions.id,
  status: nestSubscriptions.status,
  currentPeriodStart: nestSubscriptions.currentPeriodStart,
  currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
  pauseStartsAt: nestSubscriptions.pauseStartsAt,
  pauseEndsAt: nestSubscriptions.pauseEndsAt,
  customerId: nestSubscriptions.customerId,
  customerName: nestCustomers.name,
  customerEmail: nestCustomers.email,
  customerLocale: nestCustomers.locale,
  nestName: nests.name,
  timeZone: nests.timeZone,
  offerName: offers.name,
  grants: offers.grants,
  allowance: offers.usageAllowance,
  rewardRule: offers.rewardRule,
  graceDays: offers.graceDays,
};

/** The counter's read of subscriptions, with `extra` columns; the caller adds the `where`. */
export function passSubscription<E extends Record<string, PgColumn> = Record<never, PgColumn>>(
  db: Tx,
  extra: E = {} as E,
) {
  return db
    .select({ ...passColumns, ...extra })
    .from(nestSubscriptions)
    .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
    .innerJoin(nestCustomers, eq(nestCustomers.id, nestSubscriptions.customerId))
    .innerJoin(...subscriptionPrice)
    .innerJoin(...priceOffer);
}

/**
 * The nest's subscription a scanned pass or a picked search result names, without a lock (prepared:
 * every scan at the counter reads it, ADR 207).
 */
export const subscriptionById = prepared('counter_subscription_by_id', (db, name) =>
  passSubscription(db)
    .where(and(eq(nestSubscriptions.id, param('id')), eq(nestSubscriptions.nestId, param('nestId'))))
    .prepare(name),
);

/** A subscription as the counter reads it. */
export type PassSubscription = Awaited<ReturnType<ReturnType<typeof subscriptionById>['execute']>>[number];

/** The same subscription under the row lock of a check-in that reads more in its transaction. */
export const lockedSubscription = (tx: Tx, nestId: string, id: string) =>
  passSubscription(tx)
    .where(and(eq(nestSubscriptions.id, id), eq(nestSubscriptions.nestId, nestId)))
    .for('update', { of: nestSubscriptions });

/**
 * A check-in recorded in one round trip by `counter_check_in` (migration 0026, ADR 207): the verdict
 * as the caller decided it; a let-in is a repeat if the subscription counted one in the last
 * `repeatSeconds`, decided under the subscription row's lock. A refusal names no subscription or
 * customer when the pass named none.
 */
export const recordCheckIn = prepared('counter_check_in', (db, name) =>
  db
    .select({
      id: sql<string>`"id"`,
      repeat: sql<boolean>`"repeat"`,
      counts: sql<boolean>`"counts"`,
    })
    .from(
      sql`counter_check_in(${param('nestId')}::uuid, ${param('subscriptionId')}::uuid, ${param('customerId')}::uuid,
        ${param('result')}::text, ${param('reason')}::text, ${param('verifiedBy')}::uuid,
        ${param('checkedAt')}::timestamptz, ${param('repeatSeconds')}::integer)`,
    )
    .prepare(name),
);
