import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns.js';

/** The job queue: claimed with FOR UPDATE SKIP LOCKED, so several workers never run one job twice. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: tz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** A running job whose lock is older than its lease is considered crashed and retried. */
    lockedUntil: tz('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Optional key that makes enqueueing idempotent. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    finishedAt: tz('finished_at'),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt), uniqueIndex('jobs_dedupe_idx').on(t.dedupeKey)],
);
