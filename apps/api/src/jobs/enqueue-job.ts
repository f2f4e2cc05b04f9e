import type { Tx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export interface EnqueueOptions {
  runAt?: Date;
  dedupeKey?: string;
  maxAttempts?: number;
  tx?: Tx;
}

/**
 * Inserts a job row. Inside a caller's transaction the job exists only if that transaction
 * commits (the outbox pattern: "save the order and send its email" cannot half-happen).
 * A dedupe key already used makes this a no-op; returns whether a job was created.
 */
export async function enqueueJob(
  db: Tx,
  name: string,
  payload: unknown,
  options: Omit<EnqueueOptions, 'tx'> = {},
): Promise<boolean> {
  if (!name) throw new TypeError('A job needs a name');
  if (
    options.maxAttempts !== undefined &&
    !(Number.isInteger(options.maxAttempts) && options.maxAttempts >= 1)
  ) {
    throw new RangeError(`maxAttempts must be a positive integer, got ${options.maxAttempts}`);
  }
  if (options.runAt && Number.isNaN(options.runAt.getTime()))
    throw new RangeError('runAt is an invalid date');
  const rows = await db
    .insert(jobs)
    .values({
      name,
      payload: payload ?? {},
      ...(options.runAt ? { runAt: options.runAt } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      dedupeKey: options.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows.length > 0;
}
