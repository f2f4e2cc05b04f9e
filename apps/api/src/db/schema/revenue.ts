import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './merchants.js';

/**
 * Revenue-limit warnings already given: one row per merchant, month and level (80 or 100 percent),
 * so each is sent once a month however many payments cross it, and long after the job is pruned.
 */
export const revenueAlerts = pgTable(
  'revenue_alerts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "2025-03", in the merchant's time zone. */
    month: text('month').notNull(),
    percent: integer('percent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.percent] })],
);
