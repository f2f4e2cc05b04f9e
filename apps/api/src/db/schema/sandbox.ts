import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt } from './columns.js';

/**
 * The sandbox payment provider's own tables: a test-mode stand-in for Stripe that works offline.
 * Nothing outside payments/sandbox reads them; the app sees them only through the PaymentProvider port.
 *
 * Every object has an owner (the merchant whose actions created it) so a test clock can move one
 * merchant's time without touching anyone else's. Timestamps are in the owner's sandbox time
 * (real time + the owner's clock offset); the adapter converts them back before the app sees them.
 */

export type SandboxMetadata = Record<string, string>;

/** What a test card does when charged (Stripe's test card numbers decide it). */
export type CardBehavior = 'succeeds' | 'fails_after_attach' | 'declines_insufficient_funds' | 'declines';

export interface SandboxCardRecord {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behavior: CardBehavior;
}

/** Per-owner test clock: how far the owner's sandbox time runs ahead of real time. */
export const sandboxClocks = pgTable('sandbox_clocks', {
  ownerId: text('owner_id').primaryKey(),
  offsetSeconds: integer('offset_seconds').notNull().default(0),
  updatedAt: updatedAt(),
});

export const sandboxCustomers = pgTable(
  'sandbox_customers',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id'),
    email: text('email'),
    name: text('name'),
    metadata: jsonb('metadata').$type<SandboxMetadata>().notNull().default({}),
    /** The saved card: never the number, only what a receipt would show and how the test card behaves. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    cardBehavior: text('card_behavior').$type<CardBehavior>(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('sandbox_customers_owner_idx').on(t.ownerId)],
);

export const sandboxCheckoutSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id'),
    /** subscription: pay the first period and start a subscription; setup: save a new card for one. */
    mode: text('mode', { enum: ['subscription', 'setup'] }).notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
    customerId: text('customer_id'),
    customerEmail: text('customer_email'),
    clientReferenceId: text('client_reference_id'),
    productName: text('product_name'),
    amountCents: integer('amount_cents'),
    currency: text('currency').notNull().default('eur'),
    interval: text('interval', { enum: ['week', 'month', 'year'] }),
    intervalCount: integer('interval_count'),
    /** Free days before the first charge (subscription mode), as Checkout's subscription_data.trial_period_days. */
    trialDays: integer('trial_days').notNull().default(0),
    /** The platform's share of each invoice, in basis points, as subscription_data.application_fee_percent. */
    applicationFeeBps: integer('application_fee_bps').notNull().default(0),
    metadata: jsonb('metadata').$type<SandboxMetadata>().notNull().default({}),
    subscriptionMetadata: jsonb('subscription_metadata').$type<SandboxMetadata>().notNull().default({}),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** Setup mode: the subscription whose card is being replaced. Subscription mode: the one created. */
    subscriptionId: text('subscription_id'),
    /** The card entered on the page (setup mode), until it is made the subscription's. */
    card: jsonb('card').$type<SandboxCardRecord>(),
    expiresAt: tz('expires_at').notNull(),
    completedAt: tz('completed_at'),
    /** Setup mode: when the new card was made the subscription's and its open invoices were charged. */
    appliedAt: tz('applied_at'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('sandbox_checkout_sessions_owner_idx').on(t.ownerId)],
);

export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id'),
    customerId: text('customer_id').notNull(),
    status: text('status', {
      enum: ['incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'],
    }).notNull(),
    productName: text('product_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['week', 'month', 'year'] }).notNull(),
    intervalCount: integer('interval_count').notNull().default(1),
    /** The platform's share of each of its payments (connected accounts), in basis points. */
    applicationFeeBps: integer('application_fee_bps').notNull().default(0),
    metadata: jsonb('metadata').$type<SandboxMetadata>().notNull().default({}),
    /** A change that takes effect at the next renewal (a downgrade), as a Stripe subscription schedule would. */
    pendingProductName: text('pending_product_name'),
    pendingAmountCents: integer('pending_amount_cents'),
    pendingMetadata: jsonb('pending_metadata').$type<SandboxMetadata>(),
    billingCycleAnchor: tz('billing_cycle_anchor').notNull(),
    currentPeriodStart: tz('current_period_start').notNull(),
    currentPeriodEnd: tz('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: tz('canceled_at'),
    endedAt: tz('ended_at'),
    /** Stripe's pause_collection (behavior void): renewals before pause_ends_at bill nothing; it then clears itself. */
    pauseStartsAt: tz('pause_starts_at'),
    pauseEndsAt: tz('pause_ends_at'),
    latestInvoiceId: text('latest_invoice_id'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    index('sandbox_subscriptions_owner_idx').on(t.ownerId),
    index('sandbox_subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id'),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    status: text('status', { enum: ['draft', 'open', 'paid', 'void', 'uncollectible'] }).notNull(),
    billingReason: text('billing_reason', {
      enum: ['subscription_create', 'subscription_cycle', 'subscription_update', 'manual'],
    }).notNull(),
    description: text('description').notNull(),
    amountDueCents: integer('amount_due_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    currency: text('currency').notNull(),
    /** Snapshot of the subscription's metadata when the invoice was made (Stripe does the same). */
    metadata: jsonb('metadata').$type<SandboxMetadata>().notNull().default({}),
    periodStart: tz('period_start').notNull(),
    periodEnd: tz('period_end').notNull(),
    /** Automatic attempts only, as Stripe counts them; manual retries do not move the dunning schedule. */
    attemptCount: integer('attempt_count').notNull().default(0),
    nextPaymentAttemptAt: tz('next_payment_attempt_at'),
    lastFailureCode: text('last_failure_code'),
    paidAt: tz('paid_at'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    index('sandbox_invoices_subscription_idx').on(t.subscriptionId, t.status),
    index('sandbox_invoices_dunning_idx').on(t.status, t.nextPaymentAttemptAt),
  ],
);

export const sandboxPaymentAttempts = pgTable(
  'sandbox_payment_attempts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id'),
    invoiceId: text('invoice_id').notNull(),
    customerId: text('customer_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The platform's share of a payment on a connected account; the rest is paid out to it. */
    applicationFeeCents: integer('application_fee_cents').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    /** insufficient_funds, card_declined... null when it succeeded. */
    failureCode: text('failure_code'),
    cardLast4: text('card_last4'),
    /** automatic (renewal, dunning) or manual (a retry the merchant asked for). */
    trigger: text('trigger', { enum: ['checkout', 'automatic', 'manual'] }).notNull(),
    /** The payout that took this payment to the bank; null while it is in the balance. */
    payoutId: text('payout_id'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    index('sandbox_payment_attempts_invoice_idx').on(t.invoiceId),
    index('sandbox_payment_attempts_account_idx').on(t.accountId, t.payoutId),
  ],
);

/**
 * Refunds of successful payments (Stripe: refunds on the connected account's charge). The
 * platform gives back its fee in proportion (refund_application_fee), so the merchant's balance
 * loses the refund less that share.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id'),
    /** The payment attempt refunded (the sandbox's charge). */
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    applicationFeeRefundedCents: integer('application_fee_refunded_cents').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['succeeded'] }).notNull(),
    metadata: jsonb('metadata').$type<SandboxMetadata>().notNull().default({}),
    /** A create's idempotency key, kept per account as at Stripe: a retried refund answers the first. */
    idempotencyKey: text('idempotency_key'),
    payoutId: text('payout_id'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    index('sandbox_refunds_payment_idx').on(t.paymentId),
    index('sandbox_refunds_account_idx').on(t.accountId, t.payoutId),
    uniqueIndex('sandbox_refunds_idempotency_idx').on(t.accountId, t.idempotencyKey),
  ],
);

/** Connected accounts (Stripe Connect Express in production): where a merchant's customers' money goes. */
export const sandboxAccounts = pgTable(
  'sandbox_accounts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    email: text('email'),
    country: text('country').notNull(),
    businessName: text('business_name'),
    ibanLast4: text('iban_last4'),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    payoutInterval: text('payout_interval', { enum: ['manual', 'daily', 'weekly', 'monthly'] })
      .notNull()
      .default('daily'),
    payoutWeeklyAnchor: text('payout_weekly_anchor'),
    payoutMonthlyAnchor: integer('payout_monthly_anchor'),
    metadata: jsonb('metadata').$type<SandboxMetadata>().notNull().default({}),
    /** The latest onboarding link: a link is single-use and short-lived, as Stripe's account links are. */
    linkToken: text('link_token'),
    linkExpiresAt: tz('link_expires_at'),
    linkReturnUrl: text('link_return_url'),
    linkRefreshUrl: text('link_refresh_url'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('sandbox_accounts_owner_idx').on(t.ownerId)],
);

export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'in_transit', 'paid', 'failed', 'canceled'] }).notNull(),
    arrivalDate: tz('arrival_date').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('sandbox_payouts_account_idx').on(t.accountId, t.createdAt)],
);

/** Events the sandbox emits, signed and delivered to the webhook route like Stripe's. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    /** Delivery order within the sandbox. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique(),
    ownerId: text('owner_id').notNull(),
    accountId: text('account_id'),
    type: text('type').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    data: jsonb('data').notNull(),
    /** Sandbox time of the happening. */
    occurredAt: tz('occurred_at').notNull(),
    deliveredAt: tz('delivered_at'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    lastDeliveryError: text('last_delivery_error'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_events_pending_idx').on(t.ownerId, t.deliveredAt)],
);

/**
 * The sandbox provider's products and prices on connected accounts (Stripe keeps these in production).
 * Only payments/sandbox/catalog.ts reads them. A create's idempotency key is kept per account, as at
 * Stripe, so a retried create answers the object it made the first time.
 */
export const sandboxProducts = pgTable(
  'sandbox_products',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_products_idempotency_idx').on(t.accountId, t.idempotencyKey)],
);

export const sandboxPrices = pgTable(
  'sandbox_prices',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => sandboxProducts.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['week', 'month', 'year'] }).notNull(),
    intervalCount: integer('interval_count').notNull(),
    active: boolean('active').notNull().default(true),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_prices_idempotency_idx').on(t.accountId, t.idempotencyKey),
    index('sandbox_prices_product_idx').on(t.productId),
  ],
);
