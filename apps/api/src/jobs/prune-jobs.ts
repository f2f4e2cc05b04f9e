import { and, eq, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

/** Finished jobs are history only; failed ones are kept longer for operators to look into. */
export const KEEP_DONE_DAYS = 7;
export const KEEP_FAILED_DAYS = 30;
/**
 * A periodic job's slot (`runner.every`, dedupe key `every:…`) that went well is kept a day: one
 * running every few seconds would otherwise leave a hundred thousand identical rows a week.
 */
export const KEEP_DONE_PERIODIC_DAYS = 1;

const olderThan = (days: number) => lt(jobs.finishedAt, sql`now() - make_interval(days => ${days}::integer)`);

/** Deletes old finished jobs so the queue table stays small. Returns how many were deleted. */
export async function pruneJobs(db: Db): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, 'done'), olderThan(KEEP_DONE_DAYS)),
        and(eq(jobs.status, 'done'), like(jobs.dedupeKey, 'every:%'), olderThan(KEEP_DONE_PERIODIC_DAYS)),
        and(eq(jobs.status, 'failed'), olderThan(KEEP_FAILED_DAYS)),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
