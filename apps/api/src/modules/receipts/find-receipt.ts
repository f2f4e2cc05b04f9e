import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestInvoices, planInvoices } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { issueNestReceipt, issuePlanReceipt, type PlatformSeller, type ReceiptRow } from './issue-receipt.js';

const notPaid = () => new AppError('invoice_not_paid', { status: 409 });

/**
 * The receipt of one of the merchant's own plan invoices. Another merchant's invoice (or an unknown
 * id) is a 404, an unpaid one a 409. A paid invoice from before receipts existed is numbered now.
 */
export async function requirePlanReceipt(
  db: Db,
  platform: PlatformSeller,
  userId: string,
  invoiceId: string,
): Promise<ReceiptRow> {
  if (!isUuid(invoiceId)) throw notFound();
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(planInvoices)
      .where(and(eq(planInvoices.id, invoiceId), eq(planInvoices.userId, userId)))
      .for('update');
    if (!invoice) throw notFound();
    const receipt = await issuePlanReceipt(tx, platform, invoice);
    if (!receipt) throw notPaid();
    return receipt;
  });
}

/**
 * The receipt of a customer's invoice, found only within `owner` (the merchant's nest, or the signed-in
 * customer): anyone else's invoice is a 404, an unpaid one a 409.
 */
export async function requireNestReceipt(
  db: Db,
  owner: { nestId: string } | { customerId: string },
  invoiceId: string,
): Promise<ReceiptRow> {
  if (!isUuid(invoiceId)) throw notFound();
  const ownedBy: SQL =
    'nestId' in owner ? eq(nestInvoices.nestId, owner.nestId) : eq(nestInvoices.customerId, owner.customerId);
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(nestInvoices)
      .where(and(eq(nestInvoices.id, invoiceId), ownedBy))
      .for('update');
    if (!invoice) throw notFound();
    const receipt = await issueNestReceipt(tx, invoice);
    if (!receipt) throw notPaid();
    return receipt;
  });
}
