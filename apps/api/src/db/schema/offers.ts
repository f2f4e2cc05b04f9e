import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, provider, tz, updatedAt } from './columns.js';
import { nests } from './nests.js';

/** Stored as the API shapes them (snake_case keys), so they round-trip unchanged. */
export interface UsageAllowanceJson {
  uses: number;
  per: 'day' | 'week' | 'period';
}
export interface RewardRuleJson {
  kind: 'check_ins' | 'paid_periods';
  every: number;
  reward_name: string;
}

/**
 * An offer (the screens' "price"): what a nest sells. What a subscriber pays lives in its price
 * versions; the offer holds everything that may change for everybody at once.
 */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    grants: text('grants').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    capacity: integer('capacity'),
    usageAllowance: jsonb('usage_allowance').$type<UsageAllowanceJson>(),
    rewardRule: jsonb('reward_rule').$type<RewardRuleJson>(),
    /** Days after a failed payment the counter still lets the subscriber in, amber (ADR 130). */
    graceDays: integer('grace_days').notNull().default(0),
    /** Customers may pause their subscription from their area for up to this many periods (0: they may not; ADR 150). */
    customerPauseMaxPeriods: integer('customer_pause_max_periods').notNull().default(0),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    /** Bumped by every change: edits are serialised on it, and it names each edit's provider calls. */
    revision: integer('revision').notNull().default(1),
    provider: provider(),
    /** The merchant's connected account the product and prices live on. */
    providerAccountId: text('provider_account_id').notNull(),
    providerProductId: text('provider_product_id').notNull(),
    /** The Idempotency-Key that created the offer: a retry with it answers this offer. */
    requestKey: text('request_key').notNull(),
    archivedAt: tz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('offers_nest_request_key_idx').on(t.nestId, t.requestKey),
    index('offers_nest_list_idx').on(t.nestId, t.status, t.createdAt, t.id),
  ],
);

/**
 * A price version of an offer. The highest version is current: what new subscribers get. A version
 * with subscribers never changes its amount or interval; an edit adds a version instead.
 */
export const offerPrices = pgTable(
  'offer_prices',
  {
    id: id(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: ['EUR'] }).notNull(),
    interval: text('interval', { enum: ['week', 'month', 'year'] }).notNull(),
    intervalCount: integer('interval_count').notNull(),
    providerPriceId: text('provider_price_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('offer_prices_offer_version_idx').on(t.offerId, t.version)],
);
