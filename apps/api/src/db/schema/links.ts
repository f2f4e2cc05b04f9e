import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';
import { nestSubscriptions } from './customers.js';
import { nests } from './nests.js';
import { offerPrices, offers } from './offers.js';

/**
 * A shareable link to one offer (the spec's nest link). The public id is what the address and the
 * QR code carry; the counters are kept on the row so the merchant's list is one query.
 */
export const nestLinks = pgTable(
  'nest_links',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The nestLinkId: 72 random bits, base64url. */
    publicId: text('public_id').notNull(),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    visits: integer('visits').notNull().default(0),
    checkoutsStarted: integer('checkouts_started').notNull().default(0),
    subscriptionsWon: integer('subscriptions_won').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('nest_links_public_id_idx').on(t.publicId),
    index('nest_links_nest_idx').on(t.nestId, t.createdAt),
  ],
);

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
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
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
