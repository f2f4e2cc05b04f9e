import { type PlanInvoice, type PlanState, plans } from '@nest/contracts';
import type { Config } from '../../config.js';
import type { planInvoices, planSubscriptions } from '../../db/schema/index.js';
import { planPriceCents } from './plan-catalogue.js';

export type PlanSubscriptionRow = typeof planSubscriptions.$inferSelect;
export type PlanInvoiceRow = typeof planInvoices.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The API's view of the merchant's plan; before any payment, nothing is unlocked. */
export function toPlanState(
  config: Config,
  row: PlanSubscriptionRow | undefined,
  hasUnpaidInvoices: boolean,
): PlanState {
  // A plan that ended, or was never paid, unlocks nothing.
  const live = row && row.status !== 'canceled' && row.status !== 'incomplete' ? row : undefined;
  const definition = live ? plans[live.plan] : undefined;
  return {
    subscription_id: row?.id ?? null,
    plan: row?.plan ?? null,
    status: row?.status ?? null,
    next_payment_at: iso(row?.nextPaymentAt ?? null),
    current_period_start: iso(row?.currentPeriodStart ?? null),
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    pending_plan: row?.pendingPlan ?? null,
    price_cents: row ? planPriceCents(config, row.plan) : null,
    currency: 'eur',
    support: definition?.support ?? null,
    revenue_limit_cents: definition ? definition.revenueLimitCents : null,
    features: definition ? [...definition.features] : [],
    has_unpaid_invoices: hasUnpaidInvoices,
    provider: config.PAYMENT_PROVIDER,
  };
}

export function toPlanInvoice(row: PlanInvoiceRow): PlanInvoice {
  return {
    id: row.id,
    provider_invoice_id: row.providerInvoiceId,
    status: row.status,
    billing_reason: row.billingReason,
    plan: row.plan,
    amount_due_cents: row.amountDueCents,
    amount_paid_cents: row.amountPaidCents,
    currency: row.currency,
    period_start: iso(row.periodStart),
    period_end: iso(row.periodEnd),
    attempt_count: row.attemptCount,
    next_payment_attempt_at: iso(row.nextPaymentAttemptAt),
    last_failure_code: row.lastFailureCode,
    paid_at: iso(row.paidAt),
    issued_at: row.issuedAt.toISOString(),
  };
}
