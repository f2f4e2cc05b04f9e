import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns.js';
import { nestCustomers } from './customers.js';
import { users } from './merchants.js';
import { bytea } from './nests.js';

/**
 * A data export (GDPR art. 15 and 20; ADR 171): asked by a merchant or a customer, prepared by a job
 * as a ZIP of JSON and CSV files, and downloaded with the emailed link until it expires. Only the
 * link token's hash is kept; the file is erased with the account, and pruned once expired.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    /** The merchant who asked, or… */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** …the customer who asked. */
    customerId: uuid('customer_id').references(() => nestCustomers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'ready'] })
      .notNull()
      .default('preparing'),
    /** SHA-256 of the download link's token, set when the file is ready. */
    tokenHash: text('token_hash'),
    bytes: bytea('bytes'),
    expiresAt: tz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('data_exports_token_idx').on(t.tokenHash),
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_customer_idx').on(t.customerId, t.createdAt),
  ],
);
