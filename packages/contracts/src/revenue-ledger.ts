import { z } from 'zod';
import { text } from './text.js';

/**
 * The nest's ledger as the merchant sees it (GET /users/{id}/stripe/transactions), the customer
 * invoices (GET /users/{id}/stripe/invoices) and the refund action. Amounts are signed integer cents
 * from the merchant's balance: a payment adds, a refund, a dispute and a payout take away.
 */

export const ledgerKinds = ['payment', 'refund', 'dispute', 'dispute_reversal', 'payout'] as const;
export const ledgerKindSchema = z.enum(ledgerKinds);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

export const ledgerStatuses = [
  'succeeded',
  'pending',
  'in_transit',
  'paid',
  'failed',
  'canceled',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export const ledgerStatusSchema = z.enum(ledgerStatuses);
export type LedgerStatus = z.infer<typeof ledgerStatusSchema>;

export const LEDGER_PAGE_DEFAULT = 25;
export const LEDGER_PAGE_MAX = 100;

// Digits and dashes only: the pattern itself refuses control characters (text() would add a second one).
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  // A real calendar day: 2026-02-30 is refused here, not by the database.
  .refine(
    (value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
    },
    { message: 'Invalid date' },
  )
  .meta({ description: 'A day (YYYY-MM-DD) in the merchant’s time zone; the range includes it.' });
const limit = z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(LEDGER_PAGE_DEFAULT);
const cursor = text().max(200).optional().meta({ description: 'next_cursor of the previous page.' });

export const transactionsQuerySchema = z
  .object({
    kind: ledgerKindSchema.optional(),
    /** Only rows about subscriptions to this offer (payments, refunds, disputes). */
    offer_id: z.uuid().optional(),
    from: day.optional(),
    to: day.optional(),
    limit,
    cursor,
  })
  .strict();
export type TransactionsQuery = z.input<typeof transactionsQuerySchema>;

const timestamp = z.iso.datetime({ offset: true });

export const transactionSchema = z
  .object({
    id: z.uuid(),
    kind: ledgerKindSchema,
    status: ledgerStatusSchema,
    /** Signed: > 0 adds to the merchant's balance, < 0 takes from it. */
    amount_cents: z.number().int(),
    /** The platform's fee (a refund gives back its share: negative). */
    fee_cents: z.number().int(),
    /** The payment provider's own fee, when it reports one. */
    processing_fee_cents: z.number().int().nullable(),
    /** amount - fee - processing fee. */
    net_cents: z.number().int(),
    currency: z.string(),
    occurred_at: timestamp,
    customer: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }).nullable(),
    offer: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    /** Payments: what is left to refund (what was paid less refunds not failed); 0 for other kinds. */
    refundable_cents: z.number().int(),
    /** The provider's id of the payout that carried this row to the bank, once known. */
    payout_id: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionPageSchema = z
  .object({
    /** Newest first. */
    transactions: z.array(transactionSchema),
    /** Pass as cursor for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'TransactionPage' });
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const transactionParamsSchema = z.object({ id: text().max(100), transactionId: z.uuid() });

export const refundReasons = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;

export const refundBodySchema = z
  .object({
    /** Cents to give back, at most what is left to refund. */
    amount_cents: z.number().int().min(1).max(100_000_000),
    reason: z.enum(refundReasons).optional(),
  })
  .strict()
  .meta({ id: 'RefundBody' });
export type RefundBody = z.infer<typeof refundBodySchema>;

export const refundResultSchema = z
  .object({
    /** The provider's refund id. The ledger shows it once the provider's event arrives (seconds). */
    refund_id: z.string(),
    amount_cents: z.number().int(),
    currency: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed', 'canceled']),
  })
  .meta({ id: 'RefundResult' });
export type RefundResult = z.infer<typeof refundResultSchema>;

export const customerInvoiceStatuses = ['paid', 'open', 'uncollectible', 'void'] as const;

export const nestInvoicesQuerySchema = z
  .object({
    status: z.enum(customerInvoiceStatuses).optional(),
    from: day.optional(),
    to: day.optional(),
    limit,
    cursor,
  })
  .strict();
export type NestInvoicesQuery = z.input<typeof nestInvoicesQuerySchema>;

export const nestInvoiceSchema = z
  .object({
    id: z.uuid(),
    /** The provider's invoice id (what the customer's receipt names). */
    number: z.string(),
    status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']),
    amount_due_cents: z.number().int(),
    amount_paid_cents: z.number().int(),
    currency: z.string(),
    issued_at: timestamp,
    paid_at: timestamp.nullable(),
    period_start: timestamp.nullable(),
    period_end: timestamp.nullable(),
    customer: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }),
    offer: z.object({ id: z.uuid(), name: z.string() }),
  })
  .meta({ id: 'NestInvoice' });
export type NestInvoice = z.infer<typeof nestInvoiceSchema>;

export const nestInvoicePageSchema = z
  .object({
    /** Newest first. */
    invoices: z.array(nestInvoiceSchema),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'NestInvoicePage' });
export type NestInvoicePage = z.infer<typeof nestInvoicePageSchema>;
