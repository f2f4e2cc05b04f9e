import { and, eq, gte, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestSubscriptions } from '../../db/schema/index.js';
import { PASS_STATUSES } from '../subscriptions/pass-view.js';

/** A cancelled subscription's last pass lives at most 60 s: its code is still matched a little while. */
const RECENTLY_CANCELED_MS = 2 * 60 * 1000;

/**
 * The nest's subscriptions with a pass (or cancelled a moment ago) whose code lookup is one of
 * `lookups`: one query on the (nest_id, code_lookup) index, whatever the nest's size (ADR 108).
 */
export function withCodeLookups(db: Db, nestId: string, lookups: number[], now: Date) {
  return db
    .select({ id: nestSubscriptions.id, codeLookup: nestSubscriptions.codeLookup })
    .from(nestSubscriptions)
    .where(
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
          and(
            eq(nestSubscriptions.status, 'canceled'),
            gte(nestSubscriptions.updatedAt, new Date(now.getTime() - RECENTLY_CANCELED_MS)),
          ),
        ),
      ),
    );
}
