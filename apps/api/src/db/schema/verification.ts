import type { RewardRule } from '@nest/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns.js';
import { nestCustomers } from './customers.js';
import { users } from './merchants.js';
import { nests } from './nests.js';
import { nestSubscriptions } from './subscriptions.js';

/**
 * One verification at the counter (docs/product.md §2, "Check-in"): every answer is recorded, yes or no.
 * `counts` marks the check-ins that used the allowance and move check-in rewards (eligible, not a
 * repeat). A pass that named nothing of the nest leaves customer and subscription empty.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => nestCustomers.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => nestSubscriptions.id, { onDelete: 'set null' }),
    result: text('result', { enum: ['eligible', 'not_eligible'] }).notNull(),
    reason: text('reason'),
    repeat: boolean('repeat').notNull().default(false),
    counts: boolean('counts').notNull().default(false),
    /** The merchant user who verified. */
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: createdAt(),
  },
  (t) => [
    index('check_ins_nest_idx').on(t.nestId, t.checkedAt),
    index('check_ins_subscription_idx').on(t.subscriptionId, t.checkedAt),
  ],
);

/**
 * A reward earned by a subscription under its offer's rule (every N check-ins, or N paid periods),
 * with the rule as it was then. `milestone` is the count reached (N, 2N…): one reward per milestone.
 * Redeemed once, atomically (`redeemed_at` set where it is null).
 */
export const rewards = pgTable(
  'rewards',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => nestSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['check_ins', 'paid_periods'] }).notNull(),
    rule: jsonb('rule').$type<RewardRule>().notNull(),
    milestone: integer('milestone').notNull(),
    earnedAt: createdAt(),
    redeemedAt: tz('redeemed_at'),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('rewards_milestone_idx').on(t.subscriptionId, t.kind, t.milestone),
    index('rewards_waiting_idx').on(t.subscriptionId).where(sql`${t.redeemedAt} is null`),
  ],
);
