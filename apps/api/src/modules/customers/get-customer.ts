import type { NestCustomer } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestCustomers } from '../../db/schema/index.js';
import { type CheckInCounters, listCustomerSubscriptions } from '../subscriptions/customer-subscriptions.js';

/** The signed-in customer with every subscription across nests, or undefined if the identity is gone. */
export async function getCustomer(
  db: Db,
  customerId: string,
  checkInCounters: CheckInCounters,
): Promise<NestCustomer | undefined> {
  const [customer] = await db.select().from(nestCustomers).where(eq(nestCustomers.id, customerId));
  if (!customer) return undefined;
  return {
    id: customer.id,
    email: customer.email,
    name: customer.name,
    locale: customer.locale,
    subscriptions: await listCustomerSubscriptions(db, customer.id, checkInCounters),
  };
}
