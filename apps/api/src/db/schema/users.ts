import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored as typed; uniqueness and look-ups use lower(email). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    locale: text('locale').notNull().default('en-US'),
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
    onboardedAt: tz('onboarded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** The merchant's platform plan (one per merchant). */
export const planSubscriptions = pgTable(
  'plan_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['starter', 'pro', 'enterprise'] }).notNull(),
    status: text('status', {
      enum: ['incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'],
    }).notNull(),
    nextPaymentAt: tz('next_payment_at'),
    currentPeriodStart: tz('current_period_start'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Plan that takes effect at the next renewal (downgrades). */
    pendingPlan: text('pending_plan', { enum: ['starter', 'pro', 'enterprise'] }),
    provider: text('provider').notNull().default('sandbox'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plan_subscriptions_user_idx').on(t.userId),
    index('plan_subscriptions_provider_sub_idx').on(t.providerSubscriptionId),
  ],
);
