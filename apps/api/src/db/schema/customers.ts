import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';
import { nests } from './nests.js';
import { offerPrices } from './offers.js';

/** The end customer: one identity per email across every nest, so one login shows all subscriptions. */
export const nestCustomers = pgTable(
  'nest_customers',
  {
    id: id(),
    /** Stored as typed; uniqueness and look-ups use lower(email). */
    email: text('email').notNull(),
    name: text('name'),
    locale: text('locale').notNull().default('en-US'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('nest_customers_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** A customer's subscription to one price version of a nest's offer (the spec's "nest-subs"). */
export const nestSubscriptions = pgTable(
  'nest_subscriptions',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => nestCustomers.id, { onDelete: 'restrict' }),
    /** The version the customer signed up on; it never changes when the offer is edited. */
    offerPriceId: uuid('offer_price_id')
      .notNull()
      .references(() => offerPrices.id, { onDelete: 'restrict' }),
    status: text('status', {
      enum: ['incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'],
    }).notNull(),
    currentPeriodStart: tz('current_period_start'),
    currentPeriodEnd: tz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: tz('canceled_at'),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The nest link the customer came through, when there was one (links arrive with their issue). */
    linkId: uuid('link_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('nest_subscriptions_nest_idx').on(t.nestId, t.status),
    index('nest_subscriptions_price_idx').on(t.offerPriceId, t.status),
    index('nest_subscriptions_customer_idx').on(t.customerId),
    uniqueIndex('nest_subscriptions_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
  ],
);
