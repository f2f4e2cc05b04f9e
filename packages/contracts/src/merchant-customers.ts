import { z } from 'zod';
import { MAX_PAUSE_PERIODS, offerIntervalSchema } from './offers.js';
import { subscriptionStatusSchema } from './plans.js';
import { ledgerStatusSchema } from './revenue-ledger.js';
import { subscriptionPauseSchema } from './subscriptions.js';
import { text } from './text.js';

/**
 * The merchant's customers screen: the people with a subscription in the merchant's nest
 * (POST /api/v1/nests/{id}/nest-customers/find). A customer's identity is shared across nests (one per
 * email), but a merchant only ever sees their own nest's subscriptions and payments of that person.
 */
export const MERCHANT_CUSTOMERS_PAGE_MAX = 100;
export const MERCHANT_CUSTOMERS_PAGE_DEFAULT = 50;
export const MERCHANT_CUSTOMERS_QUERY_MAX_LENGTH = 100;

/** Columns the table sorts by; each pages with a cursor (ADR 126). */
export const merchantCustomerSortSchema = z
  .enum(['name', 'email', 'offer', 'status', 'since', 'next_payment', 'total_paid', 'last_check_in'])
  .meta({ id: 'MerchantCustomerSort' });
export type MerchantCustomerSort = z.infer<typeof merchantCustomerSortSchema>;

export const sortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/** The filters of the customers table: the same for a page (find) and for the CSV export. */
export const merchantCustomerFiltersSchema = z.object({
  /** Part of the name or the email, case-insensitive. Blank means everyone. */
  query: text().trim().max(MERCHANT_CUSTOMERS_QUERY_MAX_LENGTH).optional(),
  /** Only subscriptions in this status. */
  status: subscriptionStatusSchema.optional(),
  /** Only subscriptions to this offer (any of its price versions). */
  offer_id: z.uuid().optional(),
  /** Only subscriptions whose payment is overdue (past due or unpaid). */
  past_due: z.boolean().optional(),
  /** Only subscriptions with a pause, under way or to come (ADR 150). */
  paused: z.boolean().optional(),
  /** Default: `since`, newest first. */
  sort: merchantCustomerSortSchema.default('since'),
  /** Default: `desc` for `since`, `asc` otherwise. */
  direction: sortDirectionSchema.optional(),
});
export type MerchantCustomerFilters = z.infer<typeof merchantCustomerFiltersSchema>;

export const findMerchantCustomersBodySchema = merchantCustomerFiltersSchema
  .extend({
    limit: z.number().int().min(1).max(MERCHANT_CUSTOMERS_PAGE_MAX).default(MERCHANT_CUSTOMERS_PAGE_DEFAULT),
    /** next_cursor of the previous page, with the same filters and sort. */
    cursor: text().max(400).optional(),
  })
  .strict()
  .meta({ id: 'FindMerchantCustomersBody' });
export type FindMerchantCustomersBody = z.input<typeof findMerchantCustomersBodySchema>;

/** The CSV export's query string: the table's filters and sort (`past_due=true`, `paused=true`). */
export const exportMerchantCustomersQuerySchema = merchantCustomerFiltersSchema
  .extend({ past_due: z.enum(['true', 'false']).optional(), paused: z.enum(['true', 'false']).optional() })
  .strict();

const timestamp = z.iso.datetime({ offset: true });

export const merchantCustomerSubscriptionSchema = z
  .object({
    id: z.uuid(),
    offer: z.object({ id: z.uuid(), name: z.string() }),
    status: subscriptionStatusSchema,
    amount_cents: z.number().int(),
    currency: z.string(),
    interval: offerIntervalSchema,
    interval_count: z.number().int(),
    started_at: timestamp,
    current_period_end: timestamp.nullable(),
    cancel_at_period_end: z.boolean(),
    /** Paused (ADR 150): no charge and no entry from starts_at until ends_at, when it resumes by itself. */
    pause: subscriptionPauseSchema.nullable(),
    /** The label of the link the customer subscribed through, when there was one. */
    link_label: z.string().nullable(),
    /**
     * What cancelling now with a prorated refund would give back (ADR 156): the unused part of the
     * paid period, in cents, at most what is left to refund of its payment; null when nothing would be.
     */
    unused_cents: z.number().int().nullable(),
  })
  .meta({ id: 'MerchantCustomerSubscription' });
export type MerchantCustomerSubscription = z.infer<typeof merchantCustomerSubscriptionSchema>;

export const merchantCustomerSchema = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    email: z.string(),
    /** This nest's subscriptions of the customer, newest first (every status). */
    subscriptions: z.array(merchantCustomerSubscriptionSchema),
    /** What the customer has paid this nest, all time (succeeded payments). */
    total_paid_cents: z.number().int(),
  })
  .meta({ id: 'MerchantCustomer' });
export type MerchantCustomer = z.infer<typeof merchantCustomerSchema>;

/** One row of the customers table: one subscription in the nest, with its customer. */
export const merchantCustomerRowSchema = z
  .object({
    subscription_id: z.uuid(),
    customer: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }),
    offer: z.object({ id: z.uuid(), name: z.string() }),
    status: subscriptionStatusSchema,
    cancel_at_period_end: z.boolean(),
    amount_cents: z.number().int(),
    currency: z.string(),
    interval: offerIntervalSchema,
    interval_count: z.number().int(),
    /** When the subscription started. */
    since: timestamp,
    /**
     * When the next payment is due (at the end of a pause when it ends later than the period, ADR
     * 150); null once cancelled or set to end at period end.
     */
    next_payment_at: timestamp.nullable(),
    /** A pause, current or scheduled (ADR 150); null when none. */
    pause: subscriptionPauseSchema.nullable(),
    /** What this subscription has paid the nest, all time (succeeded payments). */
    total_paid_cents: z.number().int(),
    /** The last verification at the counter that let the customer in. */
    last_check_in_at: timestamp.nullable(),
    link_label: z.string().nullable(),
  })
  .meta({ id: 'MerchantCustomerRow' });
export type MerchantCustomerRow = z.infer<typeof merchantCustomerRowSchema>;

export const merchantCustomerPageSchema = z
  .object({
    /** In the requested order (newest subscription first by default). */
    rows: z.array(merchantCustomerRowSchema),
    /** Pass as cursor for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'MerchantCustomerPage' });
export type MerchantCustomerPage = z.infer<typeof merchantCustomerPageSchema>;

/** GET /api/v1/nests/{id}/nest-customers/{customerId}: params. */
export const merchantCustomerParamsSchema = z.object({
  nestId: text().max(64),
  customerId: text().max(64),
});

/** An invoice of one of the customer's subscriptions in the nest: paid, or still being collected. */
export const merchantCustomerInvoiceSchema = z
  .object({
    id: z.uuid(),
    subscription_id: z.uuid(),
    offer_name: z.string(),
    status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']),
    billing_reason: z.enum(['subscription_create', 'subscription_cycle', 'subscription_update', 'manual']),
    amount_due_cents: z.number().int(),
    amount_paid_cents: z.number().int(),
    currency: z.string(),
    period_start: timestamp.nullable(),
    period_end: timestamp.nullable(),
    attempt_count: z.number().int(),
    /** Decline code of the last failed attempt. */
    last_failure_code: z.string().nullable(),
    issued_at: timestamp,
    paid_at: timestamp.nullable(),
  })
  .meta({ id: 'MerchantCustomerInvoice' });

export const merchantCustomerCheckInSchema = z
  .object({
    id: z.uuid(),
    subscription_id: z.uuid().nullable(),
    /** grace: let in while a payment is overdue within the offer's grace days. */
    result: z.enum(['eligible', 'grace', 'not_eligible']),
    /** Why a verification said no (the verdict's reason code). */
    reason: z.string().nullable(),
    checked_at: timestamp,
    /** Undone at the counter (a mistaken check-in), when it was. */
    undone_at: timestamp.nullable(),
  })
  .meta({ id: 'MerchantCustomerCheckIn' });

export const merchantCustomerRewardSchema = z
  .object({
    id: z.uuid(),
    subscription_id: z.uuid(),
    name: z.string(),
    kind: z.enum(['check_ins', 'paid_periods']),
    milestone: z.number().int(),
    earned_at: timestamp,
    redeemed_at: timestamp.nullable(),
  })
  .meta({ id: 'MerchantCustomerReward' });

/** One line of the customer's history in the nest (ADR 127): what happened, to which subscription, by whom. */
export const merchantCustomerHistoryEventSchema = z
  .object({
    id: z.uuid(),
    /** Null for an action about the customer rather than one subscription (the pass sent again). */
    subscription_id: z.uuid().nullable(),
    offer_name: z.string().nullable(),
    kind: z.enum([
      'created',
      'renewed',
      'payment_failed',
      'recovered',
      'cancel_scheduled',
      'cancel_unscheduled',
      'cancelled',
      'pass_resent',
      'refunded',
      'paused',
      'resumed',
    ]),
    /** merchant: someone signed in to the nest (actor_merchant_id); customer: from their area; provider: on its own. */
    actor: z.enum(['merchant', 'customer', 'provider']),
    actor_merchant_id: z.uuid().nullable(),
    occurred_at: timestamp,
  })
  .meta({ id: 'MerchantCustomerHistoryEvent' });
export type MerchantCustomerHistoryEvent = z.infer<typeof merchantCustomerHistoryEventSchema>;

/**
 * A payment of the customer to the nest, or money given back (ADR 155): the ledger's rows about them,
 * with what is left to refund of a payment and who asked for a refund.
 */
export const merchantCustomerPaymentSchema = z
  .object({
    /** The ledger row's id: what the refund route takes. */
    id: z.uuid(),
    kind: z.enum(['payment', 'refund', 'dispute', 'dispute_reversal']),
    status: ledgerStatusSchema,
    subscription_id: z.uuid().nullable(),
    offer_name: z.string().nullable(),
    /** The invoice a payment paid (its receipt), when known. */
    invoice_id: z.uuid().nullable(),
    /** Signed: a refund is negative. */
    amount_cents: z.number().int(),
    currency: z.string(),
    /** A payment: what is left to refund (what was paid less refunds not failed); 0 otherwise. */
    refundable_cents: z.number().int(),
    /** A refund asked from the merchant area: who asked (the merchant's id). */
    initiated_by: z.uuid().nullable(),
    reason: z.string().nullable(),
    occurred_at: timestamp,
  })
  .meta({ id: 'MerchantCustomerPayment' });
export type MerchantCustomerPayment = z.infer<typeof merchantCustomerPaymentSchema>;

/** The emails the product sent the customer about this nest (ADR 157). */
export const customerEmailKinds = [
  'receipt',
  'customer-payment-failed',
  'customer-cancelled',
  'reward-earned',
  'customer-login',
] as const;
export const merchantCustomerEmailSchema = z
  .object({
    id: z.uuid(),
    /** Which email: receipt, payment failed (also the counter's "pay now"), cancellation, reward, sign-in link. */
    kind: z.enum(customerEmailKinds),
    sent_at: timestamp,
  })
  .meta({ id: 'MerchantCustomerEmail' });
export type MerchantCustomerEmail = z.infer<typeof merchantCustomerEmailSchema>;

/** Everything the merchant knows of one customer in their nest (never another nest's). */
export const merchantCustomerDetailSchema = merchantCustomerSchema
  .extend({
    /** Invoices, newest first (at most MERCHANT_CUSTOMER_HISTORY_MAX). */
    invoices: z.array(merchantCustomerInvoiceSchema),
    /** Verifications at the counter, newest first (at most MERCHANT_CUSTOMER_HISTORY_MAX). */
    check_ins: z.array(merchantCustomerCheckInSchema),
    /** Rewards earned, newest first, with whether they were redeemed. */
    rewards: z.array(merchantCustomerRewardSchema),
    /** The history, newest first (at most MERCHANT_CUSTOMER_HISTORY_MAX). */
    history: z.array(merchantCustomerHistoryEventSchema),
    /** Payments, refunds and disputes, newest first (at most MERCHANT_CUSTOMER_HISTORY_MAX). */
    payments: z.array(merchantCustomerPaymentSchema),
    /** Emails sent to the customer about this nest, newest first (at most MERCHANT_CUSTOMER_HISTORY_MAX). */
    emails: z.array(merchantCustomerEmailSchema),
  })
  .meta({ id: 'MerchantCustomerDetail' });
export type MerchantCustomerDetail = z.infer<typeof merchantCustomerDetailSchema>;

export const MERCHANT_CUSTOMER_HISTORY_MAX = 50;

/** POST /api/v1/nests/{id}/nest-customers/{customerId}/subscriptions/{subscriptionId}/cancellation */
export const merchantCancellationParamsSchema = merchantCustomerParamsSchema.extend({
  subscriptionId: text().max(64),
});
export const merchantCancellationBodySchema = z
  .object({
    /** now: ends at once; period_end: runs until the period ends; undo: takes a scheduled cancellation back. */
    when: z.enum(['now', 'period_end', 'undo']),
    /**
     * With `now` only: `prorated` also refunds the unused part of the paid period (ADR 156);
     * `none` (the default) refunds nothing.
     */
    refund: z.enum(['none', 'prorated']).default('none'),
  })
  .meta({ id: 'MerchantCancellation' });
export type MerchantCancellation = z.input<typeof merchantCancellationBodySchema>;

/** A nest's merchant may cancel or resume subscriptions this many times an hour. */
export const MERCHANT_SUBSCRIPTION_ACTIONS_PER_NEST_HOUR = 60;

/** A merchant may resend a customer's sign-in email this many times an hour (and a nest, 30 an hour). */
export const MERCHANT_SIGN_IN_LINK_PER_CUSTOMER_HOUR = 3;
export const MERCHANT_SIGN_IN_LINK_PER_NEST_HOUR = 30;

export const merchantSignInLinkSentSchema = z
  .object({ email: z.string(), sent_at: timestamp })
  .meta({ id: 'MerchantSignInLinkSent' });
export type MerchantSignInLinkSent = z.infer<typeof merchantSignInLinkSentSchema>;

/** POST …/subscriptions/{subscriptionId}/pause: pause for this many billing periods (ADR 150). */
export const merchantPauseBodySchema = z
  .object({
    /** Billing periods skipped, counted from the end of the period already paid. */
    periods: z.number().int().min(1).max(MAX_PAUSE_PERIODS),
  })
  .strict()
  .meta({ id: 'MerchantPause' });
export type MerchantPause = z.infer<typeof merchantPauseBodySchema>;
