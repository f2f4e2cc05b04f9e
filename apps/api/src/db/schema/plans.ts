import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, invoiceColumns, tz, updatedAt } from './columns.js';
import { users } from './merchants.js';

/** The merchant's platform plan (one per merchant). */
export const planSubscriptions = pgTable(
  'plan_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['starter', 'pro', 'enterprise'] }).notNull(),
    status: text('status', {
      enum: ['incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'],
    }).notNull(),
    nextPaymentAt: tz('next_payment_at'),
    currentPeriodStart: tz('current_period_start'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Plan that takes effect at the next renewal (downgrades). */
    pendingPlan: text('pending_plan', { enum: ['starter', 'pro', 'enterprise'] }),
    provider: text('provider').notNull().default('sandbox'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plan_subscriptions_user_idx').on(t.userId),
    index('plan_subscriptions_provider_sub_idx').on(t.providerSubscriptionId),
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
    plan: text('plan', { enum: ['starter', 'pro', 'enterprise'] }),
    ...invoiceColumns(),
  },
  (t) => [
    uniqueIndex('plan_invoices_provider_invoice_idx').on(t.provider, t.providerInvoiceId),
    index('plan_invoices_user_idx').on(t.userId, t.issuedAt),
    index('plan_invoices_subscription_idx').on(t.planSubscriptionId, t.status),
  ],
);
