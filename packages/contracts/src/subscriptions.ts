import { z } from 'zod';
import {
  earnedRewardSchema,
  MAX_PAUSE_PERIODS,
  offerIntervalSchema,
  rewardRuleSchema,
  usageAllowanceSchema,
} from './offers.js';
import { subscriptionStatusSchema } from './plans.js';
import { text } from './text.js';

/**
 * A pause (ADR 150): the paid period runs to its end (starts_at), then no charge and no entry at the
 * counter until ends_at, when the subscription resumes and is billed again by itself.
 */
export const subscriptionPauseSchema = z
  .object({ starts_at: z.iso.datetime({ offset: true }), ends_at: z.iso.datetime({ offset: true }) })
  .meta({ id: 'SubscriptionPause' });
export type SubscriptionPause = z.infer<typeof subscriptionPauseSchema>;

/** POST /nest-customers/me/subscriptions/{id}/pause: the customer pauses, within what the offer allows. */
export const customerPauseBodySchema = z
  .object({ periods: z.number().int().min(1).max(MAX_PAUSE_PERIODS) })
  .strict()
  .meta({ id: 'CustomerPause' });

/** A customer's subscription to an offer, as the customer area shows and acts on it (module subscriptions). */
export const customerSubscriptionSchema = z
  .object({
    id: z.uuid(),
    nest: z.object({ id: z.uuid(), name: z.string(), logo_url: z.string().nullable() }),
    offer: z.object({ name: z.string(), grants: z.string() }),
    status: subscriptionStatusSchema,
    current_period_end: z.iso.datetime().nullable(),
    /** When the next charge is due; null once it will not renew (cancelled, or cancelling at period end). */
    next_payment_at: z.iso.datetime().nullable(),
    amount_cents: z.number().int(),
    currency: z.string(),
    interval: offerIntervalSchema,
    interval_count: z.number().int(),
    cancel_at_period_end: z.boolean(),
    pause: subscriptionPauseSchema.nullable(),
    /** The customer may pause it from their area for up to this many periods (0: they may not). */
    pause_max_periods: z.number().int(),
    /** Null while check-ins are not recorded, or when the offer has no allowance. */
    usage: z
      .object({ allowance: usageAllowanceSchema, used: z.number().int(), left: z.number().int() })
      .nullable(),
    /** Null when the offer has no reward, or its progress is not measured yet (check-ins). */
    reward: z
      .object({ rule: rewardRuleSchema, progress: z.number().int(), target: z.number().int() })
      .nullable(),
    /** What is due and unpaid on this subscription now. */
    unpaid_amount_cents: z.number().int(),
    /** Rewards earned: those waiting at the counter first, then the latest redeemed (at most 10). */
    rewards: z.array(earnedRewardSchema),
  })
  .meta({ id: 'CustomerSubscription' });
export type CustomerSubscription = z.infer<typeof customerSubscriptionSchema>;

export const customerInvoiceSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']),
    amount_due_cents: z.number().int(),
    amount_paid_cents: z.number().int(),
    currency: z.string(),
    period_start: z.iso.datetime().nullable(),
    period_end: z.iso.datetime().nullable(),
    attempt_count: z.number().int(),
    next_payment_attempt_at: z.iso.datetime().nullable(),
    last_failure_code: z.string().nullable(),
    paid_at: z.iso.datetime().nullable(),
    issued_at: z.iso.datetime(),
  })
  .meta({ id: 'CustomerInvoice' });
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;

export const customerInvoiceListSchema = z
  .object({ invoices: z.array(customerInvoiceSchema) })
  .meta({ id: 'CustomerInvoiceList' });
export type CustomerInvoiceList = z.infer<typeof customerInvoiceListSchema>;

export const nestSubIdParamsSchema = z.object({ id: text().max(64) });

/** POST …/nest-subs/{id}/invoices/retry: one invoice, or every unpaid one oldest first. */
export const customerRetryBodySchema = z
  .object({ invoice_id: z.uuid().optional() })
  .strict()
  .meta({ id: 'CustomerRetryBody' });
export type CustomerRetryBody = z.infer<typeof customerRetryBodySchema>;

export const customerRetryResultSchema = z
  .object({
    /** paid: nothing is left unpaid; failed: the card was declined again (reason says why). */
    status: z.enum(['paid', 'failed']),
    reason: z.string().nullable(),
    subscription: customerSubscriptionSchema,
    invoices: z.array(customerInvoiceSchema),
  })
  .meta({ id: 'CustomerRetryResult' });
export type CustomerRetryResult = z.infer<typeof customerRetryResultSchema>;

/**
 * GET /nest-customers/me/subscriptions/{id}/pass: the same `Pass` as the success page's (checkout.ts),
 * one schema and one OpenAPI component for both (ADR 081).
 */
export { passSchema as customerPassSchema } from './checkout.js';
