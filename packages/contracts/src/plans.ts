import { z } from 'zod';
import { invoiceStatusSchema } from './payments.js';
import { planFeatures, planIds, supportLevels } from './plan-catalogue.js';
import { text } from './text.js';

export const planIdSchema = z.enum(planIds);

export const subscriptionStatusSchema = z.enum([
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The merchant's plan subscription as /users/me returns it (snake_case, as the spec's next_payment_at). */
export const merchantSubscriptionSchema = z.object({
  plan: planIdSchema,
  status: subscriptionStatusSchema,
  next_payment_at: z.iso.datetime({ offset: true }).nullable(),
  cancel_at_period_end: z.boolean(),
});
export type MerchantSubscription = z.infer<typeof merchantSubscriptionSchema>;

const isoDate = z.iso.datetime({ offset: true });
const cents = z.number().int();

/** One plan of the catalogue, as GET /api/v1/plans lists it. */
export const planOfferSchema = z
  .object({
    id: planIdSchema,
    /** Price per month, in cents. */
    price_cents: cents.positive(),
    currency: z.literal('eur'),
    interval: z.literal('month'),
    support: z.enum(supportLevels),
    /** Monthly revenue limit in cents; null means no limit. */
    revenue_limit_cents: cents.positive().nullable(),
    features: z.array(z.enum(planFeatures)),
  })
  .meta({ id: 'PlanOffer' });
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const planListSchema = z.object({ plans: z.array(planOfferSchema) }).meta({ id: 'PlanList' });
export type PlanList = z.infer<typeof planListSchema>;

export const planChoiceBodySchema = z.object({ plan: planIdSchema }).strict().meta({ id: 'PlanChoice' });

/** Where to send the browser: the provider's hosted page. */
export const planCheckoutSchema = z
  .object({ url: z.url(), session_id: z.string() })
  .meta({ id: 'PlanCheckout' });
export type PlanCheckout = z.infer<typeof planCheckoutSchema>;

/**
 * The merchant's plan, as GET /users/{id}/get-plan answers it. Before the first payment every field
 * about the subscription is null and no feature is unlocked.
 */
export const planStateSchema = z
  .object({
    /** The plan subscription's id: the {id} of /payments/internal/subscriptions/{id}/…. */
    subscription_id: z.uuid().nullable(),
    plan: planIdSchema.nullable(),
    status: subscriptionStatusSchema.nullable(),
    /** Paid through this date: in the past after a failed renewal (the guard then sends to recover). */
    next_payment_at: isoDate.nullable(),
    current_period_start: isoDate.nullable(),
    cancel_at_period_end: z.boolean(),
    /** A downgrade waiting for the end of the period. */
    pending_plan: planIdSchema.nullable(),
    price_cents: cents.positive().nullable(),
    currency: z.literal('eur'),
    support: z.enum(supportLevels).nullable(),
    revenue_limit_cents: cents.positive().nullable(),
    features: z.array(z.enum(planFeatures)),
    /** True when some plan invoice is unpaid (the recover page lists them). */
    has_unpaid_invoices: z.boolean(),
    provider: z.enum(['sandbox', 'stripe']),
  })
  .meta({ id: 'PlanState' });
export type PlanState = z.infer<typeof planStateSchema>;

export const planChangeSchema = z
  .object({
    /** now: upgraded at once with a prorated invoice; period_end: a downgrade waiting for the renewal. */
    effective: z.enum(['now', 'period_end']),
    plan_state: planStateSchema,
  })
  .meta({ id: 'PlanChange' });
export type PlanChange = z.infer<typeof planChangeSchema>;

export const planInvoiceSchema = z
  .object({
    id: z.uuid(),
    provider_invoice_id: z.string(),
    status: invoiceStatusSchema,
    /** subscription_create: first payment; subscription_cycle: a renewal; subscription_update: an upgrade's proration. */
    billing_reason: z.enum(['subscription_create', 'subscription_cycle', 'subscription_update', 'manual']),
    plan: planIdSchema.nullable(),
    amount_due_cents: cents,
    amount_paid_cents: cents,
    currency: z.string(),
    period_start: isoDate.nullable(),
    period_end: isoDate.nullable(),
    attempt_count: z.number().int(),
    next_payment_attempt_at: isoDate.nullable(),
    /** Why the last attempt failed: insufficient_funds, card_declined… */
    last_failure_code: z.string().nullable(),
    paid_at: isoDate.nullable(),
    issued_at: isoDate,
  })
  .meta({ id: 'PlanInvoice' });
export type PlanInvoice = z.infer<typeof planInvoiceSchema>;

export const planInvoiceListSchema = z
  .object({ invoices: z.array(planInvoiceSchema) })
  .meta({ id: 'PlanInvoiceList' });
export type PlanInvoiceList = z.infer<typeof planInvoiceListSchema>;

export const subscriptionIdParamsSchema = z.object({ id: text().max(64) });

export const retryInvoicesBodySchema = z
  .object({
    /** One invoice to retry; all unpaid ones, oldest first, when absent. */
    invoice_id: z.uuid().optional(),
    /** Pay with another card: answers the provider's hosted page instead of charging the saved card. */
    update_card: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'RetryInvoicesBody' });
export type RetryInvoicesBody = z.infer<typeof retryInvoicesBodySchema>;

export const retryInvoicesResultSchema = z
  .object({
    /** paid: nothing is left unpaid; failed: the card was declined again; action_required: go to url. */
    status: z.enum(['paid', 'failed', 'action_required']),
    /** The decline code when it failed (insufficient_funds, card_declined…). */
    failure_code: z.string().nullable(),
    /** The hosted card page, when update_card was asked. */
    url: z.url().optional(),
    invoices: z.array(planInvoiceSchema),
    plan_state: planStateSchema,
  })
  .meta({ id: 'RetryInvoicesResult' });
export type RetryInvoicesResult = z.infer<typeof retryInvoicesResultSchema>;
