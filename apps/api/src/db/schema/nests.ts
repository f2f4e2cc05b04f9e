import { boolean, customType, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';
import { users } from './merchants.js';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers Uint8Array, node-postgres answers Buffer: both become a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The merchant's space. One per merchant account (unique owner). */
export const nests = pgTable(
  'nests',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** URL-safe, derived from the name at creation, then stable so shared addresses keep working. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category', {
      enum: ['cafe', 'bakery', 'restaurant', 'gym', 'beauty', 'coaching', 'shop', 'other'],
    }).notNull(),
    description: text('description'),
    /**
     * The colour the merchant picks for the cover of their link page and checkout (`#rrggbb`), behind
     * their logo and name; null is Nest's own accent (ADR 197).
     */
    brandColor: text('brand_color'),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
    currency: text('currency', { enum: ['EUR'] })
      .notNull()
      .default('EUR'),
    /**
     * The seller on the customers' receipts (ADR 129): the business's registered name, its registered
     * address when it is not the nest's, its VAT number, and the VAT rate it charges in basis points
     * (2000 = 20 %). A null rate is a business that does not charge VAT (franchise en base).
     */
    legalName: text('legal_name'),
    legalAddress: text('legal_address'),
    vatNumber: text('vat_number'),
    vatRateBps: integer('vat_rate_bps'),
    /** The counter's offline snapshot is shown in amber past this age, in minutes (ADR 184). */
    counterStaleMinutes: integer('counter_stale_minutes').notNull().default(10),
    /**
     * What the counter's hot path may skip (ADR 195), kept by triggers on webhook_endpoints and events:
     * whether the nest has a live webhook endpoint, and when its last scheduled event ends.
     */
    hasWebhookEndpoints: boolean('has_webhook_endpoints').notNull().default(false),
    eventsEndAt: tz('events_end_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('nests_owner_idx').on(t.ownerId), uniqueIndex('nests_slug_idx').on(t.slug)],
);

/**
 * The nest's logo, already resized and re-encoded. Kept in the database, apart from the nest row so
 * reading a nest never drags the image along; several API processes share no disk.
 */
export const nestLogos = pgTable('nest_logos', {
  nestId: uuid('nest_id')
    .primaryKey()
    .references(() => nests.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  /** Hash of the bytes: the ETag, and the version in the logo's URL. */
  etag: text('etag').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
