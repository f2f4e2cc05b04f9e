import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, invoiceColumns, provider, tz, updatedAt } from './columns.js';
import { nestCustomers } from './customers.js';
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
    index('nest_subscriptions_customer_idx').on(t.customerId),
    uniqueIndex('nest_subscriptions_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
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
    provider: provider(),
    providerInvoiceId: text('provider_invoice_id'),
    occurredAt: tz('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('nest_transactions_invoice_kind_idx').on(t.invoiceId, t.kind),
    index('nest_transactions_nest_idx').on(t.nestId, t.occurredAt),
  ],
);
