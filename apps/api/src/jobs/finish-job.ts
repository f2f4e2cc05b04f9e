import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { ClaimedJob } from './claim-jobs.js';
import { inMs } from './claim-jobs.js';

const MAX_ERROR_LENGTH = 4_000;

/**
 * Matches the row only while this claim still owns it: each claim increments `attempts`, so a
 * worker whose lease expired and whose job was claimed again cannot overwrite the new run's outcome.
 */
const ownedBy = (job: ClaimedJob) =>
  and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempt), eq(jobs.status, 'running'));

/** Returns false when the claim was lost (lease expired and another worker took the job). */
export async function completeJob(db: Db, job: ClaimedJob): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', finishedAt: sql`now()`, lockedUntil: null, lockedBy: null })
    .where(ownedBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

/**
 * Records a failed attempt: the job is due again after `retryInMs`, or failed for good when it has
 * used all its attempts. Returns false when the claim was lost.
 */
export async function failJobAttempt(
  db: Db,
  job: ClaimedJob,
  error: unknown,
  retryInMs: number,
): Promise<boolean> {
  const final = job.attempt >= job.maxAttempts;
  const rows = await db
    .update(jobs)
    .set({
      status: final ? 'failed' : 'pending',
      runAt: final ? undefined : inMs(retryInMs),
      finishedAt: final ? sql`now()` : null,
      lockedUntil: null,
      lockedBy: null,
      lastError: describeError(error),
    })
    .where(ownedBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Keeps a long job's lease alive so that no other worker takes it while it still runs. */
export async function extendLease(db: Db, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: inMs(leaseMs) })
    .where(ownedBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
