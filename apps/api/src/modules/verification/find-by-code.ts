import { and, eq, gte, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { param, prepared } from '../../db/prepared.js';
import { nestSubscriptions } from '../../db/schema/index.js';
import { PASS_STATUSES } from '../subscriptions/pass-view.js';
import { passSubscription } from './pass-subscription.js';

/** A cancelled subscription's last pass lives at most 60 s: its code is still matched a little while. */
const RECENTLY_CANCELED_MS = 2 * 60 * 1000;

/** Cancelled since then: still matched at `now`. */
export const canceledSince = (now: Date) => new Date(now.getTime() - RECENTLY_CANCELED_MS);

/**
 * The nest's subscriptions with a pass (or cancelled since `canceledSince`) whose code lookup is one
 * of `lookups`, with what the counter's verdict needs: one query on the (nest_id, code_lookup) index,
 * whatever the nest's size (ADR 108), that is also the read of the check-in (ADR 207).
 */
export function withCodeLookups(db: Tx, nestId: string, lookups: number[], canceledSince: Date) {
  return passSubscription(db, { codeLookup: nestSubscriptions.codeLookup }).where(
    and(
      eq(nestSubscriptions.nestId, nestId),
      inArray(nestSubscriptions.codeLookup, lookups),
      or(
        inArray(nestSubscriptions.status, [...PASS_STATUSES] as (
          | 'active'
          | 'trialing'
          | 'past_due'
          | 'unpaid'
        )[]),
        and(eq(nestSubscriptions.status, 'canceled'), gte(nestSubscriptions.updatedAt, canceledSince)),
      ),
    ),
  );
}

/** `withCodeLookups` for this step's lookup and the previous one's, prepared (every typed code reads it). */
const byCodeLookups = prepared('counter_subscriptions_by_code', (db, name) =>
  withCodeLookups(db, param('nestId'), [param('current'), param('previous')], param('canceledSince')).prepare(
    name,
  ),
);

/** The nest's subscriptions a typed code's two lookups (`codeLookupsOf`) may name at `now`. */
export const findByCodeLookups = (db: Tx, nestId: string, lookups: [number, number], now: Date) =>
  byCodeLookups(db).execute({
    nestId,
    current: lookups[0],
    previous: lookups[1],
    canceledSince: canceledSince(now),
  });
