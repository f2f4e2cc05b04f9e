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
    /** `grace`: let in while past due within the offer's grace days (amber, ADR 130). */
    result: text('result', { enum: ['eligible', 'grace', 'not_eligible'] }).notNull(),
    reason: text('reason'),
    repeat: boolean('repeat').notNull().default(false),
    counts: boolean('counts').notNull().default(false),
    /** The merchant user who verified. */
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: createdAt(),
    /**
     * Undone at the counter within 2 minutes (ADR 132): kept, with who and when; `counts` is then
     * false, so it uses no allowance and moves no reward.
     */
    undoneAt: tz('undone_at'),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Given by a counter without the network (ADR 185): the id the device made, so sending it again
     * records it once, and when it reached the server.
     */
    clientId: uuid('client_id'),
    syncedAt: tz('synced_at'),
    /**
     * Let in offline although the server would have refused it: the reason it would have given
     * (`usage_exhausted`, `canceled`…). Such a check-in does not count.
     */
    acceptedOffline: text('accepted_offline'),
  },
  (t) => [
    index('check_ins_nest_idx').on(t.nestId, t.checkedAt),
    index('check_ins_subscription_idx').on(t.subscriptionId, t.checkedAt),
    uniqueIndex('check_ins_client_idx').on(t.nestId, t.clientId),
    index('check_ins_accepted_offline_idx')
      .on(t.nestId, t.checkedAt)
      .where(sql`${t.acceptedOffline} is not null`),
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
    /** The check-in that reached the milestone (check-in rewards): its undo takes the reward back. */
    checkInId: uuid('check_in_id').references(() => checkIns.id, { onDelete: 'set null' }),
    earnedAt: createdAt(),
    redeemedAt: tz('redeemed_at'),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('rewards_milestone_idx').on(t.subscriptionId, t.kind, t.milestone),
    index('rewards_waiting_idx').on(t.subscriptionId).where(sql`${t.redeemedAt} is null`),
  ],
);
