import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column helpers: uuid primary keys and UTC timestamps. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tz('created_at').notNull().defaultNow();
export const updatedAt = () => tz('updated_at').notNull().defaultNow();
