import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { nestCustomers } from '../../db/schema/index.js';

export type CustomerRow = typeof nestCustomers.$inferSelect;

/** The customer identity of an email, case-insensitive (one identity per email across every nest). */
export async function findCustomerByEmail(db: Db | Tx, email: string): Promise<CustomerRow | undefined> {
  const [customer] = await db
    .select()
    .from(nestCustomers)
    .where(eq(sql`lower(${nestCustomers.email})`, email.trim().toLowerCase()))
    .limit(1);
  return customer;
}
