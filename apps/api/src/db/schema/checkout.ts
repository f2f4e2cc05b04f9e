import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, provider, tz } from './columns.js';
import { nestLinks } from './links.js';
import { nests } from './nests.js';
import { offerPrices } from './offers.js';
import { nestSubscriptions } from './subscriptions.js';

/**
 * A checkout started through a link: the provider's session, who said they were paying, and, once
 * the provider confirms it, the subscription it made. The session id is the buyer's proof on the
 * success page; completing the row once is what counts a subscription won.
 */
export const nestCheckouts = pgTable(
  'nest_checkouts',
  {
    /** Chosen before the provider call: the provider's metadata names it. */
    id: uuid('id').primaryKey(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id')
      .notNull()
      .references(() => nestLinks.id, { onDelete: 'cascade' }),
    offerPriceId: uuid('offer_price_id')
      .notNull()
      .references(() => offerPrices.id, { onDelete: 'restrict' }),
    provider: provider(),
    providerAccountId: text('provider_account_id').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    locale: text('locale').notNull(),
    subscriptionId: uuid('subscription_id').references(() => nestSubscriptions.id, { onDelete: 'set null' }),
    completedAt: tz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('nest_checkouts_provider_session_idx').on(t.provider, t.providerSessionId),
    index('nest_checkouts_link_idx').on(t.linkId),
    index('nest_checkouts_created_idx').on(t.createdAt),
  ],
);
