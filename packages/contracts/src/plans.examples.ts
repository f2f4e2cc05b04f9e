import { example } from './example.js';
import { plans } from './plan-catalogue.js';
import {
  planChangeSchema,
  planCheckoutSchema,
  planChoiceBodySchema,
  planInvoiceListSchema,
  planInvoiceSchema,
  planListSchema,
  planStateSchema,
  retryInvoicesBodySchema,
  retryInvoicesResultSchema,
} from './plans.js';

/** The catalogue's default prices (apps/api config), in cents a month. */
const prices = { starter: 1900, pro: 4900, enterprise: 14900 };

export const planList = example(planListSchema, {
  plans: Object.values(plans).map((plan) => ({
    id: plan.id,
    price_cents: prices[plan.id],
    currency: 'eur' as const,
    interval: 'month' as const,
    support: plan.support,
    revenue_limit_cents: plan.revenueLimitCents,
    features: [...plan.features],
  })),
});

export const planChoice = example(planChoiceBodySchema, { plan: 'enterprise' });

export const planCheckout = example(planCheckoutSchema, {
  url: 'https://checkout.stripe.com/c/pay/cs_live_a1Lumiere7Kq2Zr9TvXw#fid2cGd2ZndsdXFsamtQa2x0cGBrYHZ2',
  session_id: 'cs_live_a1Lumiere7Kq2Zr9TvXw',
});

/** The merchant's own plan subscription. */
const planSubscriptionId = '0e6a2c8f-4b1d-4a7e-9c3f-8d5b1e7a2c94';

export const planState = example(planStateSchema, {
  subscription_id: planSubscriptionId,
  plan: 'enterprise',
  status: 'active',
  next_payment_at: '2026-12-02T08:57:10Z',
  current_period_start: '2026-11-02T08:57:10Z',
  cancel_at_period_end: false,
  pending_plan: null,
  price_cents: 14900,
  currency: 'eur',
  support: 'vip',
  revenue_limit_cents: null,
  features: [...plans.enterprise.features],
  has_unpaid_invoices: false,
  provider: 'stripe',
});

export const planChange = example(planChangeSchema, { effective: 'now', plan_state: planState.value });

const planInvoice = example(planInvoiceSchema, {
  id: 'b5d9f3a7-1e6c-4b2a-8f4d-6c0e2a8b4f15',
  provider_invoice_id: 'in_1QbLumiere4Nov26',
  status: 'paid',
  billing_reason: 'subscription_cycle',
  plan: 'enterprise',
  amount_due_cents: 14900,
  amount_paid_cents: 14900,
  currency: 'eur',
  period_start: '2026-11-02T08:57:10Z',
  period_end: '2026-12-02T08:57:10Z',
  attempt_count: 1,
  next_payment_attempt_at: null,
  last_failure_code: null,
  paid_at: '2026-11-02T09:03:41Z',
  issued_at: '2026-11-02T08:57:10Z',
});

export const planInvoiceList = example(planInvoiceListSchema, { invoices: [planInvoice.value] });

export const retryInvoicesBody = example(retryInvoicesBodySchema, {
  invoice_id: planInvoice.value.id,
  update_card: false,
});

export const retryInvoicesResult = example(retryInvoicesResultSchema, {
  status: 'paid',
  failure_code: null,
  invoices: [planInvoice.value],
  plan_state: planState.value,
});
