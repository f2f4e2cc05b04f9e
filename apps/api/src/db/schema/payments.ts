import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';
import { planSubscriptions, users } from './users.js';

/**
 * Every webhook event received, stored once by (provider, event id). Inserting the row and applying
 * the event happen in one transaction, so a duplicate delivery finds the row and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    /** The provider's own event type (customer.subscription.updated...). */
    type: text('type').notNull(),
    /** The provider-neutral type we acted on, or null when the event is not one we use. */
    neutralType: text('neutral_type'),
    objectId: text('object_id'),
    /** Connected account the event happened on; null for the platform's own objects (the merchant's plan). */
    accountId: text('account_id'),
    occurredAt: tz('occurred_at').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId),
    index('payment_events_object_idx').on(t.objectId),
  ],
);

/** The merchant's plan invoices, as last read from the provider. */
export const planInvoices = pgTable(
  'plan_invoices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planSubscriptionId: uuid('plan_subscription_id')
      .notNull()
      .references(() => planSubscriptions.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    status: text('status', { enum: ['draft', 'open', 'paid', 'void', 'uncollectible'] }).notNull(),
    /** Why the invoice exists: first payment, renewal, or an upgrade's proration. */
    billingReason: text('billing_reason', {
      enum: ['subscription_create', 'subscription_cycle', 'subscription_update', 'manual'],
    }).notNull(),
    plan: text('plan', { enum: ['starter', 'pro', 'enterprise'] }),
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
  },
  (t) => [
    uniqueIndex('plan_invoices_provider_invoice_idx').on(t.provider, t.providerInvoiceId),
    index('plan_invoices_user_idx').on(t.userId, t.issuedAt),
    index('plan_invoices_subscription_idx').on(t.planSubscriptionId, t.status),
  ],
);

/** A merchant's payout account at the provider (Stripe Connect Express, or the sandbox's equivalent). */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    businessName: text('business_name'),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    payoutInterval: text('payout_interval', { enum: ['manual', 'daily', 'weekly', 'monthly'] })
      .notNull()
      .default('daily'),
    payoutWeeklyAnchor: text('payout_weekly_anchor'),
    payoutMonthlyAnchor: integer('payout_monthly_anchor'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_accounts_provider_account_idx').on(t.provider, t.providerAccountId),
    index('payout_accounts_user_idx').on(t.userId),
  ],
);
