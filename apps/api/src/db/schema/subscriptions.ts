import { customerEmailKinds } from '@nest/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, invoiceColumns, provider, tz, updatedAt } from './columns.js';
import { nestCustomers } from './customers.js';
import { users } from './merchants.js';
import { nests } from './nests.js';
import { offerPrices } from './offers.js';

/** A customer's subscription to one price version of a nest's offer (the spec's "nest-subs"). */
export const nestSubscriptions = pgTable(
  'nest_subscriptions',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => nestCustomers.id, { onDelete: 'restrict' }),
    /** The version the customer signed up on; it never changes when the offer is edited. */
    offerPriceId: uuid('offer_price_id')
      .notNull()
      .references(() => offerPrices.id, { onDelete: 'restrict' }),
    status: text('status', {
      enum: ['incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'],
    }).notNull(),
    currentPeriodStart: tz('current_period_start'),
    currentPeriodEnd: tz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: tz('canceled_at'),
    /**
     * A pause (ADR 150), as the provider reports it: no invoice is collected from pause_starts_at (the
     * end of the period paid when it was set) until pause_ends_at, when billing resumes by itself.
     * Both null when the subscription is not paused.
     */
    pauseStartsAt: tz('pause_starts_at'),
    pauseEndsAt: tz('pause_ends_at'),
    provider: provider(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The nest link the customer came through, when there was one (links arrive with their issue). */
    linkId: uuid('link_id'),
    /**
     * What a typed pass code is looked up by (ADR 108): the first 40 bits of SHA-256 over the id,
     * computed by the database for every row, old or new. Not secret: codes need the pass secret.
     */
    codeLookup: bigint('code_lookup', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`('x' || left(encode(sha256(uuid_send(id)), 'hex'), 10))::bit(40)::bigint`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('nest_subscriptions_nest_idx').on(t.nestId, t.status),
    index('nest_subscriptions_code_idx').on(t.nestId, t.codeLookup),
    index('nest_subscriptions_price_idx').on(t.offerPriceId, t.status),
    // The customers table's sort by offer walks each price's subscriptions in id order (ADR 199).
    index('nest_subscriptions_offer_order_idx').on(t.offerPriceId, t.id),
    index('nest_subscriptions_customer_idx').on(t.customerId),
    // The customers table's sorts by start and by next payment, a page at a time (ADR 126); the next
    // payment of a paused subscription is at the end of its pause when that is later (ADR 150).
    index('nest_subscriptions_since_idx').on(t.nestId, t.createdAt, t.id),
    index('nest_subscriptions_next_payment_idx').on(
      t.nestId,
      sql`coalesce(greatest(${t.currentPeriodEnd}, ${t.pauseEndsAt}), 'infinity'::timestamptz)`,
      t.id,
    ),
    // The customers table's "paused" filter: the few subscriptions with a pause, under way or to come.
    index('nest_subscriptions_paused_idx')
      .on(t.nestId, t.pauseEndsAt)
      .where(sql`${t.pauseEndsAt} is not null`),
    uniqueIndex('nest_subscriptions_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
    // The money summary reads the last minutes before now live (ADR 202): subscriptions that ended in
    // them (the expression is summary.ts's `endedAt`), and the renewals due before the month ends.
    index('nest_subscriptions_ended_idx')
      .on(
        t.nestId,
        sql`(case ${t.status} when 'canceled' then coalesce(${t.canceledAt}, ${t.updatedAt}) when 'unpaid' then ${t.updatedAt} end)`,
      )
      .where(sql`${t.status} in ('canceled', 'unpaid')`),
    // With the price in it, the renewals are read from the index alone (no visit to 15,000 rows).
    index('nest_subscriptions_renewals_idx')
      .on(t.nestId, t.currentPeriodEnd, t.offerPriceId)
      .where(sql`${t.status} in ('active', 'trialing') and ${t.cancelAtPeriodEnd} = false`),
  ],
);

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
    ...invoiceColumns(),
  },
  (t) => [
    uniqueIndex('nest_invoices_provider_invoice_idx').on(t.provider, t.providerInvoiceId),
    index('nest_invoices_subscription_idx').on(t.subscriptionId, t.status),
    index('nest_invoices_nest_idx').on(t.nestId, t.issuedAt),
  ],
);

/** What a ledger row records (ADR 120). */
export const ledgerKinds = ['payment', 'refund', 'dispute', 'dispute_reversal', 'payout'] as const;
/**
 * A row's state: succeeded for payments and refunds that moved money (pending, failed, canceled for
 * refunds still on their way or that did not happen); a payout's pending, in_transit, paid, failed,
 * canceled; a dispute's needs_response, under_review, won, lost.
 */
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

/**
 * The nest's ledger (ADR 120): every money movement of a nest, as the provider reported it. Amounts
 * are signed from the merchant's balance: a payment and a won dispute add (amount > 0); a refund, a
 * dispute and a payout take away (amount < 0). fee_cents is the platform's application fee (negative
 * on a refund: the share of the fee given back), processing_fee_cents the provider's own fee where it
 * reports one, net_cents = amount - fee - processing fee: what the row does to the balance paid out.
 * One row per provider object (unique provider, kind, provider_object_id), and one payment per paid
 * invoice, so however many events report a movement, and in whatever order, it counts once.
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
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    status: text('status', { enum: ledgerStatuses }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The platform's application fee on this row (a refund gives back its share: negative). */
    feeCents: integer('fee_cents').notNull(),
    /** The provider's processing fee, when it reports one (Stripe's balance transaction); null otherwise. */
    processingFeeCents: integer('processing_fee_cents'),
    /** amount - fee - processing fee: what the row adds to (or takes from) the merchant's balance. */
    netCents: integer('net_cents').notNull(),
    currency: text('currency').notNull(),
    provider: provider(),
    providerInvoiceId: text('provider_invoice_id'),
    /** The provider's id of what this row is: the payment (Stripe: payment intent), refund, dispute or payout. */
    providerObjectId: text('provider_object_id'),
    /** The payment a refund or dispute is about (a payment row: its own id). */
    providerPaymentId: text('provider_payment_id'),
    /** The payout that settled this row into the merchant's bank, once known. */
    providerPayoutId: text('provider_payout_id'),
    /** A payout row: the provider ids of the rows it settles (its balance is the sum of their net). */
    settles: jsonb('settles').$type<string[]>(),
    /** A refund asked from the merchant area: who asked. */
    initiatedBy: uuid('initiated_by').references(() => users.id, { onDelete: 'set null' }),
    /** A refund's or dispute's reason, as the provider names it. */
    reason: text('reason'),
    occurredAt: tz('occurred_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('nest_transactions_invoice_kind_idx').on(t.invoiceId, t.kind),
    uniqueIndex('nest_transactions_provider_object_idx').on(t.provider, t.kind, t.providerObjectId),
    index('nest_transactions_nest_idx').on(t.nestId, t.occurredAt, t.id),
    index('nest_transactions_nest_kind_idx').on(t.nestId, t.kind, t.occurredAt, t.id),
    index('nest_transactions_payment_idx').on(t.provider, t.providerPaymentId),
    index('nest_transactions_payout_idx').on(t.provider, t.providerPayoutId),
    index('nest_transactions_subscription_idx').on(t.subscriptionId),
  ],
);

/** What a subscription's history records (ADR 127). */
export const subscriptionEventKinds = [
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
] as const;
/** Who did it: the merchant (named by id), the customer from their area, or the provider on its own. */
export const subscriptionEventActors = ['merchant', 'customer', 'provider'] as const;

/**
 * A customer's history in a nest: what happened to each subscription and what the merchant did for
 * them, written by the subscription sync (a change it sees, once) and by the actions. A provider event
 * seen twice writes nothing the second time: the sync compares with what it had, under the
 * subscription's lock, and `dedupe_key` refuses a second row for a once-only event.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => nestCustomers.id, { onDelete: 'cascade' }),
    /** Null for an action about the customer rather than one subscription (the pass sent again). */
    subscriptionId: uuid('subscription_id').references(() => nestSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: subscriptionEventKinds }).notNull(),
    actor: text('actor', { enum: subscriptionEventActors }).notNull(),
    actorMerchantId: uuid('actor_merchant_id').references(() => users.id, { onDelete: 'set null' }),
    dedupeKey: text('dedupe_key'),
    occurredAt: tz('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscription_events_customer_idx').on(t.nestId, t.customerId, t.occurredAt),
    uniqueIndex('subscription_events_dedupe_key').on(t.dedupeKey),
  ],
);

/** The customer emails a merchant sees in the customer's detail (ADR 157), as the contract names them. */
export { customerEmailKinds };

/**
 * The emails sent to a customer about a nest, one row per email handed to the mail server (written by
 * the job that sends it, after it was accepted): what the merchant's customer detail lists.
 */
export const customerEmails = pgTable(
  'customer_emails',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => nestCustomers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: customerEmailKinds }).notNull(),
    sentAt: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('customer_emails_customer_idx').on(t.nestId, t.customerId, t.sentAt)],
);

/**
 * Each subscription's total paid and last check-in as the customers table sorts them (ADR 199): kept a
 * few seconds behind by a job, never by the payment or counter paths, so those take no lock on it. A
 * row is added with its subscription (trigger); only the job changes it afterwards. The figures a row
 * shows are computed live; these are sort keys only. No check-in sorts as `-infinity`.
 */
export const subscriptionTotals = pgTable(
  'subscription_totals',
  {
    subscriptionId: uuid('subscription_id')
      .primaryKey()
      .references(() => nestSubscriptions.id, { onDelete: 'cascade' }),
    nestId: uuid('nest_id').notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    lastCheckInAt: tz('last_check_in_at').notNull().default(sql`'-infinity'`),
  },
  (t) => [
    index('subscription_totals_paid_idx').on(t.nestId, t.paidCents, t.subscriptionId),
    index('subscription_totals_last_check_in_idx').on(t.nestId, t.lastCheckInAt, t.subscriptionId),
  ],
);

/**
 * The subscriptions whose totals may have changed, appended by triggers on the ledger and the check-ins
 * in the writing transaction (an insert that never waits: no unique key but the sequence), consumed by
 * the job that refreshes subscription_totals (ADR 199).
 */
export const subscriptionTotalChanges = pgTable('subscription_total_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriptionId: uuid('subscription_id').notNull(),
});
