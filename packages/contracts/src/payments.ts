import { z } from 'zod';
import type { Locale } from './locales.js';
import { planFeatures, planIdSchema, subscriptionStatusSchema } from './plans.js';

const isoDate = z.iso.datetime({ offset: true });
const cents = z.number().int();

/**
 * Formats integer cents in a locale ("19,00 €", "€19.00") without ever making a float of the amount:
 * Intl formats the exact decimal string.
 */
export function formatMoney(amountCents: number, currency: string, locale: Locale): string {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError(`Not a whole number of cents: ${amountCents}`);
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  const decimal = `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    decimal,
  );
}

/** One plan of the catalogue, as GET /api/v1/plans lists it. */
export const planOfferSchema = z
  .object({
    id: planIdSchema,
    /** Price per month, in cents. */
    price_cents: cents.positive(),
    currency: z.literal('eur'),
    interval: z.literal('month'),
    support: z.enum(['basic', 'premium', 'vip']),
    /** Monthly revenue limit in cents; null means no limit. */
    revenue_limit_cents: cents.positive().nullable(),
    features: z.array(z.enum(planFeatures)),
  })
  .meta({ id: 'PlanOffer' });
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const planListSchema = z.object({ plans: z.array(planOfferSchema) }).meta({ id: 'PlanList' });

export const planChoiceBodySchema = z.object({ plan: planIdSchema }).strict().meta({ id: 'PlanChoice' });

/** Where to send the browser: the provider's hosted page. */
export const planCheckoutSchema = z
  .object({ url: z.url(), session_id: z.string() })
  .meta({ id: 'PlanCheckout' });

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
    support: z.enum(['basic', 'premium', 'vip']).nullable(),
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

export const invoiceStatusSchema = z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']);

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

export const subscriptionIdParamsSchema = z.object({ id: z.string().max(64) });

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

export const SANDBOX_MAX_ADVANCE_DAYS = 400;

export const clockAdvanceBodySchema = z
  .object({ days: z.number().int().min(1).max(SANDBOX_MAX_ADVANCE_DAYS) })
  .strict()
  .meta({ id: 'ClockAdvanceBody' });

export const clockAdvanceResultSchema = z
  .object({
    /** The merchant's sandbox time after the advance. */
    now: isoDate,
    offset_days: z.number(),
    renewed: z.number().int(),
    retried: z.number().int(),
    failed_payments: z.number().int(),
    canceled: z.number().int(),
    payouts: z.number().int(),
  })
  .meta({ id: 'ClockAdvanceResult' });

export const webhookAckSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean() })
  .meta({ id: 'WebhookAck' });
