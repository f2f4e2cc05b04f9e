import { customType, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';
import { users } from './merchants.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
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
