import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';

/** The end customer: one identity per email across every nest, so one login shows all subscriptions. */
export const nestCustomers = pgTable(
  'nest_customers',
  {
    id: id(),
    /** Stored as typed; uniqueness and look-ups use lower(email). */
    email: text('email').notNull(),
    name: text('name'),
    locale: text('locale').notNull().default('en-US'),
    /** The customer erased their account (ADR 171): email and name replaced; invoices stay, anonymised. */
    erasedAt: tz('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('nest_customers_email_lower_idx').on(sql`lower(${t.email})`),
    // The customers table's sort by name walks this index and joins the nest's subscriptions (ADR 126);
    // the sort by email walks the one above.
    index('nest_customers_name_lower_idx').on(sql`lower(coalesce(${t.name}, ''))`),
    // Search by part of a name or email (ILIKE '%…%'), on PGlite and PostgreSQL alike (ADR 126).
    index('nest_customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('nest_customers_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/**
 * A sign-in a customer asked for: a 6-digit code and a link token, both stored only as hashes.
 * One row answers one request; asking again supersedes the earlier rows. Either secret opens one
 * session, once (used_at), and too many wrong codes burn the row (burned_at).
 */
export const customerLoginCodes = pgTable(
  'customer_login_codes',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => nestCustomers.id, { onDelete: 'cascade' }),
    /** HMAC-SHA-256 of the lower-cased email and the code, keyed from the session secret. */
    codeHash: text('code_hash').notNull(),
    /** SHA-256 of the link's 256-bit token. */
    linkTokenHash: text('link_token_hash').notNull().unique(),
    expiresAt: tz('expires_at').notNull(),
    /** Wrong codes typed against this row. */
    attempts: integer('attempts').notNull().default(0),
    usedAt: tz('used_at'),
    /** Set when too many wrong codes were typed, or a newer request superseded this one. */
    burnedAt: tz('burned_at'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_login_codes_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * A customer's signed-in browser. The cookie's token is stored hashed and rotated once a day; the
 * token it replaced keeps working for a short grace window (concurrent requests), never after.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => nestCustomers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    tokenIssuedAt: tz('token_issued_at').notNull(),
    previousTokenHash: text('previous_token_hash').unique(),
    rotatedAt: tz('rotated_at'),
    /** Sliding: pushed forward at each rotation, never past absolute_expires_at. */
    expiresAt: tz('expires_at').notNull(),
    absoluteExpiresAt: tz('absolute_expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId)],
);
