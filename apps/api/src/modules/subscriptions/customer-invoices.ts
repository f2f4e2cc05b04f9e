import type { CustomerInvoice } from '@nest/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestInvoices, nestSubscriptions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';

export type NestSubscriptionRow = typeof nestSubscriptions.$inferSelect;

/** One of the customer's own subscriptions; anyone else's (or an unknown id) is a 404. */
export async function requireOwnSubscription(
  db: Db,
  customerId: string,
  subscriptionId: string,
): Promise<NestSubscriptionRow> {
  if (!isUuid(subscriptionId)) throw notFound();
  const [row] = await db
    .select()
    .from(nestSubscriptions)
    .where(and(eq(nestSubscriptions.id, subscriptionId), eq(nestSubscriptions.customerId, customerId)));
  if (!row) throw notFound();
  return row;
}

type InvoiceRow = typeof nestInvoices.$inferSelect;

function toInvoiceView(row: InvoiceRow): CustomerInvoice {
  return {
    id: row.id,
    status: row.status,
    amount_due_cents: row.amountDueCents,
    amount_paid_cents: row.amountPaidCents,
    currency: row.currency,
    period_start: row.periodStart?.toISOString() ?? null,
    period_end: row.periodEnd?.toISOString() ?? null,
    attempt_count: row.attemptCount,
    next_payment_attempt_at: row.nextPaymentAttemptAt?.toISOString() ?? null,
    last_failure_code: row.lastFailureCode,
    paid_at: row.paidAt?.toISOString() ?? null,
    issued_at: row.issuedAt.toISOString(),
  };
}

/** A subscription's invoices, newest first (history), or only the open ones, oldest first (to pay). */
export async function listSubscriptionInvoices(
  db: Db,
  subscriptionId: string,
  which: 'all' | 'unpaid',
): Promise<CustomerInvoice[]> {
  const rows = await db
    .select()
    .from(nestInvoices)
    .where(
      which === 'unpaid'
        ? and(eq(nestInvoices.subscriptionId, subscriptionId), eq(nestInvoices.status, 'open'))
        : eq(nestInvoices.subscriptionId, subscriptionId),
    )
    .orderBy(which === 'unpaid' ? nestInvoices.issuedAt : desc(nestInvoices.issuedAt));
  return rows.map(toInvoiceView);
}

/** The invoices of one of the customer's own subscriptions (anyone else's is a 404), as the routes answer them. */
export async function listOwnSubscriptionInvoices(
  db: Db,
  input: { customerId: string; subscriptionId: string; which: 'all' | 'unpaid' },
): Promise<{ invoices: CustomerInvoice[] }> {
  const subscription = await requireOwnSubscription(db, input.customerId, input.subscriptionId);
  return { invoices: await listSubscriptionInvoices(db, subscription.id, input.which) };
}
