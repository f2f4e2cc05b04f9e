import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { tz } from './columns.js';
import { nests } from './nests.js';

/**
 * The money summary's rollups (ADR 202): per nest, additive measures by quarter-hour (every modern
 * time zone's months and days begin on one) and, the same sums again, by UTC day, so a year is a few
 * hundred day rows plus the quarter-hours of the days a period bound cuts. Written only by the job
 * that folds the notes below; a read adds the notes not yet folded, so it is exact at any moment.
 */
const rollupSpan = () => text('span', { enum: ['quarter', 'day'] }).notNull();

export const moneyRollups = pgTable(
  'money_rollups',
  {
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    span: rollupSpan(),
    /** The quarter-hour or the UTC day the row sums. */
    bucket: tz('bucket').notNull(),
    /** Succeeded payments and refunds by their own time (revenue). */
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    /** Succeeded payments only, by their time (the forecast's collected, before refunds). */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** Succeeded payments and refunds by the time their subscription was created (new business). */
    freshCents: bigint('fresh_cents', { mode: 'number' }).notNull().default(0),
    /** Subscriptions (not incomplete) by creation, by end, and by max(creation, end): live = started − gone. */
    started: integer('started').notNull().default(0),
    ended: integer('ended').notNull().default(0),
    gone: integer('gone').notNull().default(0),
    /** Check-ins that counted. */
    checkIns: integer('check_ins').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.nestId, t.span, t.bucket] })],
);

/**
 * Paying subscriptions per price as deltas: +1 when a subscription's trial is over (created + the
 * offer's trial days), −1 when it ended (never before that). The bucket is the quarter-hour at or
 * after the change, so "paying at T" (T on a quarter-hour) is the sum of the buckets up to T.
 */
export const payingRollups = pgTable(
  'paying_rollups',
  {
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    span: rollupSpan(),
    bucket: tz('bucket').notNull(),
    offerPriceId: uuid('offer_price_id').notNull(),
    paying: integer('paying').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.nestId, t.span, t.bucket, t.offerPriceId] })],
);

/** Subscriptions now (not incomplete), per price, status and cancel-at-period-end: MRR now. */
export const subscriptionCounts = pgTable(
  'subscription_counts',
  {
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    offerPriceId: uuid('offer_price_id').notNull(),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    subscriptions: integer('subscriptions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.nestId, t.offerPriceId, t.status, t.cancelAtPeriodEnd] })],
);

/**
 * The notes the triggers on nest_transactions, nest_subscriptions, check_ins and offers append: a row's
 * old contribution negated and its new one, by quarter-hour. No key but the sequence, and nothing
 * updates them, so writing one never waits (ADR 199); the job deletes the ones it folds.
 */
export const moneyRollupNotes = pgTable(
  'money_rollup_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nestId: uuid('nest_id').notNull(),
    bucket: tz('bucket').notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    freshCents: bigint('fresh_cents', { mode: 'number' }).notNull().default(0),
    started: integer('started').notNull().default(0),
    ended: integer('ended').notNull().default(0),
    gone: integer('gone').notNull().default(0),
    checkIns: integer('check_ins').notNull().default(0),
  },
  (t) => [index('money_rollup_notes_nest_idx').on(t.nestId, t.bucket)],
);

export const payingRollupNotes = pgTable(
  'paying_rollup_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nestId: uuid('nest_id').notNull(),
    bucket: tz('bucket').notNull(),
    offerPriceId: uuid('offer_price_id').notNull(),
    paying: integer('paying').notNull(),
  },
  (t) => [index('paying_rollup_notes_nest_idx').on(t.nestId, t.bucket)],
);

export const subscriptionCountNotes = pgTable(
  'subscription_count_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nestId: uuid('nest_id').notNull(),
    offerPriceId: uuid('offer_price_id').notNull(),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    subscriptions: integer('subscriptions').notNull(),
  },
  (t) => [index('subscription_count_notes_nest_idx').on(t.nestId)],
);
