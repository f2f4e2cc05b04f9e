import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column helpers: uuid primary keys and UTC timestamps. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tz('created_at').notNull().defaultNow();
export const updatedAt = () => tz('updated_at').notNull().defaultNow();

/** Which payment provider a row came from. */
export const provider = () => text('provider', { enum: ['sandbox', 'stripe'] }).notNull();

/**
 * An invoice as last read from the provider: the columns the merchant's plan invoices and a customer
 * subscription's invoices share. Each table adds who the invoice belongs to.
 */
export const invoiceColumns = () => ({
  provider: provider(),
  providerInvoiceId: text('provider_invoice_id').notNull(),
  providerSubscriptionId: text('provider_subscription_id').notNull(),
  status: text('status', { enum: ['draft', 'open', 'paid', 'void', 'uncollectible'] }).notNull(),
  /** Why the invoice exists: first payment (subscription_create), renewal (subscription_cycle), an upgrade's proration. */
  billingReason: text('billing_reason', {
    enum: ['subscription_create', 'subscription_cycle', 'subscription_update', 'manual'],
  }).notNull(),
  amountDueCents: integer('amount_due_cents').notNull(),
  amountPaidCents: integer('amount_paid_cents').notNull(),
  currency: text('currency').notNull(),
  periodStart: tz('period_start'),
  periodEnd: tz('period_end'),
  attemptCount: integer('attempt_count').notNull().default(0),
  nextPaymentAttemptAt: tz('next_payment_attempt_at'),
  /** Decline code of the last failed attempt (insufficient_funds, card_declined...). */
  lastFailureCode: text('last_failure_code'),
  paidAt: tz('paid_at'),
  issuedAt: tz('issued_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
