import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { nestCheckouts } from '../../db/schema/index.js';

export const PRUNE_CHECKOUTS_JOB = 'checkout.prune-checkouts';

/**
 * A checkout nobody finished is kept this long. Provider sessions expire within 24 hours and Stripe
 * retries a webhook for up to 3 days, so a late payment still finds its checkout; after that the row
 * only takes room (the link's counters are on the link and keep it).
 */
export const KEEP_ABANDONED_CHECKOUTS_DAYS = 7;

/** Rows deleted per statement: no long lock on the table, however many there are. */
const BATCH = 1000;

/**
 * Deletes checkouts never completed and started more than 7 days ago (a visitor who left the
 * provider's page, or whose session expired), oldest first, in batches. Completed checkouts are
 * kept: they tie a subscription to the link it came from. Returns how many were deleted.
 */
export async function pruneAbandonedCheckouts(
  db: Db,
  keepDays: number = KEEP_ABANDONED_CHECKOUTS_DAYS,
): Promise<number> {
  const abandoned = and(
    isNull(nestCheckouts.completedAt),
    lt(nestCheckouts.createdAt, sql`now() - make_interval(days => ${keepDays}::integer)`),
  );
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ id: nestCheckouts.id })
      .from(nestCheckouts)
      .where(abandoned)
      .orderBy(nestCheckouts.createdAt)
      .limit(BATCH);
    // The condition is checked again on delete: a checkout completed meanwhile stays.
    const rows = await db
      .delete(nestCheckouts)
      .where(and(inArray(nestCheckouts.id, batch), abandoned))
      .returning({ id: nestCheckouts.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}

/** Runs the prune once a day (one process per day, whatever the number of processes: job dedupe). */
export function schedulePruneCheckouts(app: FastifyInstance): void {
  app.jobs.register(PRUNE_CHECKOUTS_JOB, async () => {
    const deleted = await pruneAbandonedCheckouts(app.db);
    if (deleted > 0) app.log.info({ deleted }, 'abandoned checkouts pruned');
  });
  app.jobs.every(PRUNE_CHECKOUTS_JOB, 24 * 60 * 60 * 1000);
}
