import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestCustomers } from '../../db/schema/index.js';

export type NestCustomerRow = typeof nestCustomers.$inferSelect;

/**
 * The customer identity of an email, across every nest (case-insensitive), made the first time it
 * pays. An existing identity keeps its name and language: whoever types an email at a checkout has
 * not proved they own it, so they may not rename its owner. A name is only filled in when missing.
 */
export async function findOrCreateCustomer(
  tx: Tx,
  input: { email: string; name: string; locale: string },
): Promise<NestCustomerRow> {
  const email = input.email.trim();
  await tx
    .insert(nestCustomers)
    .values({ email, name: input.name || null, locale: input.locale })
    .onConflictDoNothing();
  const [customer] = await tx
    .select()
    .from(nestCustomers)
    .where(eq(sql`lower(${nestCustomers.email})`, email.toLowerCase()))
    .for('update');
  if (!customer) throw new Error('A nest customer was neither inserted nor found');
  if (customer.name === null && input.name) {
    const [named] = await tx
      .update(nestCustomers)
      .set({ name: input.name, updatedAt: new Date() })
      .where(eq(nestCustomers.id, customer.id))
      .returning();
    return named ?? customer;
  }
  return customer;
}
