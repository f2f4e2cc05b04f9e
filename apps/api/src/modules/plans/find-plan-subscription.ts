import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { planInvoices, planSubscriptions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { PlanInvoiceRow, PlanSubscriptionRow } from './plan-view.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findPlanOfMerchant(db: Tx, userId: string): Promise<PlanSubscriptionRow | undefined> {
  const [row] = await db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId));
  return row;
}

/** A plan subscription by id, only when it is the signed-in merchant's: anyone else's is "not found". */
export async function requireOwnPlanSubscription(
  db: Tx,
  userId: string,
  subscriptionId: string,
): Promise<PlanSubscriptionRow> {
  if (!UUID.test(subscriptionId)) throw notFound();
  const [row] = await db
    .select()
    .from(planSubscriptions)
    .where(and(eq(planSubscriptions.id, subscriptionId), eq(planSubscriptions.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function listUnpaidPlanInvoices(
  db: Tx,
  subscription: PlanSubscriptionRow,
): Promise<PlanInvoiceRow[]> {
  if (!subscription.providerSubscriptionId) return [];
  return db
    .select()
    .from(planInvoices)
    .where(
      and(
        eq(planInvoices.planSubscriptionId, subscription.id),
        eq(planInvoices.providerSubscriptionId, subscription.providerSubscriptionId),
        eq(planInvoices.status, 'open'),
      ),
    )
    .orderBy(asc(planInvoices.issuedAt));
}

export async function listPlanInvoicesOfMerchant(db: Tx, userId: string): Promise<PlanInvoiceRow[]> {
  return db
    .select()
    .from(planInvoices)
    .where(eq(planInvoices.userId, userId))
    .orderBy(desc(planInvoices.issuedAt))
    .limit(120);
}
