import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored as typed; uniqueness and look-ups use lower(email). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    locale: text('locale').notNull().default('en-US'),
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
    onboardedAt: tz('onboarded_at'),
    /** The account was erased (ADR 171): personal data replaced, kept only for what the law requires. */
    erasedAt: tz('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);
