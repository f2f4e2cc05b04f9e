import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, provider, updatedAt } from './columns.js';
import { users } from './merchants.js';

/** A merchant's payout account at the provider (Stripe Connect Express, or the sandbox's equivalent). */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: provider(),
    providerAccountId: text('provider_account_id').notNull(),
    businessName: text('business_name'),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    payoutInterval: text('payout_interval', { enum: ['manual', 'daily', 'weekly', 'monthly'] })
      .notNull()
      .default('daily'),
    payoutWeeklyAnchor: text('payout_weekly_anchor'),
    payoutMonthlyAnchor: integer('payout_monthly_anchor'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_accounts_provider_account_idx').on(t.provider, t.providerAccountId),
    index('payout_accounts_user_idx').on(t.userId),
  ],
);
