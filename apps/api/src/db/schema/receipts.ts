import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, tz } from './columns.js';
import { nestCustomers } from './customers.js';
import { users } from './merchants.js';
import { bytea, nests } from './nests.js';
import { planInvoices } from './plans.js';
import { nestInvoices } from './subscriptions.js';

/**
 * The last receipt number each issuer gave (ADR 129): `platform` for the merchants' plan invoices,
 * `nest:<id>` for a nest's customers' invoices. Taking a number increments the row inside the
 * transaction that records the payment, so numbers follow each other without a gap: a rolled-back
 * payment gives its number back, and concurrent payments wait on the row.
 */
export const receiptSequences = pgTable('receipt_sequences', {
  issuer: text('issuer').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A paid invoice's receipt: its number in the issuer's series and everything the document shows,
 * frozen when the invoice was paid (a later change of the nest's legal identity does not rewrite it).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    issuer: text('issuer').notNull(),
    /** 1, 2, 3… in the issuer's series. */
    sequence: integer('sequence').notNull(),
    /** What the document prints: the series prefix and the zero-padded sequence (NEST-000042, F-000007). */
    number: text('number').notNull(),
    kind: text('kind', { enum: ['plan', 'nest'] }).notNull(),
    planInvoiceId: uuid('plan_invoice_id').references(() => planInvoices.id, { onDelete: 'cascade' }),
    nestInvoiceId: uuid('nest_invoice_id').references(() => nestInvoices.id, { onDelete: 'cascade' }),
    /** The merchant who bought the plan (plan receipts). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The nest that sold, and the customer who bought (customers' receipts). */
    nestId: uuid('nest_id').references(() => nests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => nestCustomers.id, { onDelete: 'restrict' }),
    /** The buyer's language: the document is written in it. */
    locale: text('locale').notNull(),
    issuedAt: tz('issued_at').notNull(),
    /** Seller, buyer, line, amounts and VAT as printed (ReceiptDocument in modules/receipts). */
    document: jsonb('document').notNull(),
  },
  (t) => [
    uniqueIndex('receipts_issuer_sequence_idx').on(t.issuer, t.sequence),
    uniqueIndex('receipts_plan_invoice_idx').on(t.planInvoiceId),
    uniqueIndex('receipts_nest_invoice_idx').on(t.nestInvoiceId),
    index('receipts_customer_idx').on(t.customerId, t.issuedAt),
  ],
);

/** The PDF of a receipt, made once at its first download and served as stored ever after. */
export const receiptFiles = pgTable('receipt_files', {
  receiptId: uuid('receipt_id')
    .primaryKey()
    .references(() => receipts.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  /** SHA-256 of the bytes (hex). */
  sha256: text('sha256').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});
