import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';
import { nestCustomers, nestSubscriptions } from './customers.js';
import { nests } from './nests.js';

/** A customer subscription's invoices, as last read from the provider (the merchant's connected account). */
export const nestInvoices = pgTable(
  'nest_invoices',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => nestSubscriptions.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => nestCustomers.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    status: text('status', { enum: ['draft', 'open', 'paid', 'void', 'uncollectible'] }).notNull(),
    /** subscription_create: the first payment; subscription_cycle: a renewal. */
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
    lastFailureCode: text('last_failure_code'),
    paidAt: tz('paid_at'),
    issuedAt: tz('issued_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('nest_invoices_provider_invoice_idx').on(t.provider, t.providerInvoiceId),
    index('nest_invoices_subscription_idx').on(t.subscriptionId, t.status),
    index('nest_invoices_nest_idx').on(t.nestId, t.issuedAt),
  ],
);

/**
 * Money that moved for a nest: a customer's payment, with the platform's fee and what the merchant
 * keeps. One payment per paid invoice (unique), so however many events report it, it counts once.
 * The month's revenue against the plan limit is the sum of succeeded payments.
 */
export const nestTransactions = pgTable(
  'nest_transactions',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => nestSubscriptions.id, { onDelete: 'set null' }),
    invoiceId: uuid('invoice_id').references(() => nestInvoices.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => nestCustomers.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['payment'] }).notNull(),
    status: text('status', { enum: ['succeeded'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The platform's application fee on this payment. */
    feeCents: integer('fee_cents').notNull(),
    /** amount - fee: what is paid out to the merchant. */
    netCents: integer('net_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    occurredAt: tz('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('nest_transactions_invoice_kind_idx').on(t.invoiceId, t.kind),
    index('nest_transactions_nest_idx').on(t.nestId, t.occurredAt),
  ],
);
