import { z } from 'zod';
import { offerIntervalSchema, rewardRuleSchema, usageAllowanceSchema } from './offers.js';
import { subscriptionStatusSchema } from './plans.js';
import { text } from './text.js';

/**
 * The customer session cookie. In production it carries the `__Host-` prefix (Secure, Path=/, no
 * Domain), like the merchant's cookies.
 */
export const CUSTOMER_COOKIE = 'nest_customer';
/**
 * Set and cleared with the session cookie, readable by the page, holding no secret ("1"): the customer
 * area asks the server who is signed in only when it may be someone, so a visitor's browser never
 * logs a 401. The session cookie alone decides who is signed in.
 */
export const CUSTOMER_HINT_COOKIE = 'nest_customer_signed_in';
/** Sliding: each daily rotation of the token pushes the end this far; never past the absolute cap. */
export const CUSTOMER_SESSION_TTL_DAYS = 30;
export const CUSTOMER_SESSION_MAX_DAYS = 180;

/** A sign-in code: 6 digits, valid 15 minutes, once; 5 wrong tries burn it. */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MINUTES = 15;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

/**
 * POST /nest-customers/login. `{ email }` asks for a code and a link by email; `{ email, code }`
 * or `{ email, token }` (the link's) opens the session.
 */
export const customerLoginBodySchema = z
  .object({
    email: z.email().max(254),
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`))
      .optional(),
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,200}$/)
      .optional(),
  })
  .strict()
  .refine((body) => !(body.code && body.token), {
    message: 'Send a code or a token, not both',
    path: ['token'],
  })
  .meta({ id: 'CustomerLoginBody' });
export type CustomerLoginBody = z.infer<typeof customerLoginBodySchema>;

/** The "plain string instead of a success result": the code was sent if the email is known. */
export const customerLoginSentSchema = z.string().meta({ id: 'CustomerLoginSent' });

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
  })
  .meta({ id: 'CustomerSubscription' });
export type CustomerSubscription = z.infer<typeof customerSubscriptionSchema>;

export const nestCustomerSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    locale: z.string(),
    subscriptions: z.array(customerSubscriptionSchema),
  })
  .meta({ id: 'NestCustomer' });
export type NestCustomer = z.infer<typeof nestCustomerSchema>;

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
