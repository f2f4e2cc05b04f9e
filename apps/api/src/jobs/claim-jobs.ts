import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
}

/** `now() + ms` in the database's clock, the one clock every worker shares. */
export const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::double precision)`;

const LEASE_EXPIRED =
  'The worker running this job stopped before finishing (its lease expired); the job was run again.';

/**
 * Claims up to `limit` due jobs for this worker in one statement: rows are picked with
 * FOR UPDATE SKIP LOCKED, so concurrent workers (other processes, other pools) never pick the same
 * row, and no transaction stays open while the handlers run. A running job whose lease expired
 * belonged to a worker that crashed or hung; it is due again.
 */
export async function claimJobs(
  db: Db,
  options: { names: string[]; limit: number; leaseMs: number; workerId: string },
): Promise<ClaimedJob[]> {
  if (options.names.length === 0 || options.limit <= 0) return [];
  const due = or(
    and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`)),
    and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`), lt(jobs.attempts, jobs.maxAttempts)),
  );
  const candidates = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.name, options.names), due))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: inMs(options.leaseMs),
      lockedBy: options.workerId,
      lastError: sql`case when ${jobs.status} = 'running' then ${LEASE_EXPIRED} else ${jobs.lastError} end`,
    })
    .where(inArray(jobs.id, candidates))
    .returning({
      id: jobs.id,
      name: jobs.name,
      payload: jobs.payload,
      attempt: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  // UPDATE … RETURNING gives no order; run the oldest first.
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * A job whose worker died during its last allowed attempt cannot be claimed again: it is failed,
 * so it does not stay "running" forever.
 */
export async function failAbandonedJobs(db: Db): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'failed',
      finishedAt: sql`now()`,
      lockedUntil: null,
      lockedBy: null,
      lastError:
        'The worker running the last allowed attempt of this job stopped before finishing (its lease expired).',
    })
    .where(
      and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`), gte(jobs.attempts, jobs.maxAttempts)),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * How long until the next of these jobs is due, in the database's clock (ms; 0 or less when one is
 * due now), or null when none waits: the earliest pending job's run time, or the earliest lease of a
 * running job that could be claimed again when it expires. Read from jobs_due_idx.
 */
export async function msUntilDue(db: Db, names: string[]): Promise<number | null> {
  if (names.length === 0) return null;
  const [row] = await db
    .select({
      ms: sql<number | null>`(extract(epoch from least(
        min(${jobs.runAt}) filter (where ${jobs.status} = 'pending'),
        min(${jobs.lockedUntil}) filter (where ${jobs.status} = 'running' and ${jobs.attempts} < ${jobs.maxAttempts})
      ) - now()) * 1000)::float8`,
    })
    .from(jobs)
    .where(and(inArray(jobs.status, ['pending', 'running']), inArray(jobs.name, names)));
  return row?.ms ?? null;
}
