import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { nests } from './nests.js';
import { offers } from './offers.js';

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
