import { z } from 'zod';
import { NAME_MAX_LENGTH } from './account-rules.js';
import { locales } from './locales.js';
import { text } from './text.js';

/**
 * A pass is valid for the time step it was signed in and the one after: the screen asks for a fresh
 * one every step, so a screenshot stops working within a minute.
 */
export const PASS_STEP_SECONDS = 30;
/** The short code printed under the pass QR, for counters without a camera. */
export const PASS_CODE_LENGTH = 8;
/** The success page of a checkout answers for this long; after that the customer signs in instead. */
export const CHECKOUT_SESSION_VIEW_HOURS = 24;

/** Subscribe through a link: the visitor's email and name, and the price they were shown. */
export const startCheckoutBodySchema = z
  .object({
    email: z.email().max(254),
    name: text().trim().min(1).max(NAME_MAX_LENGTH),
    /** price_version_id exactly as GET /public/links/{nestLinkId} gave it. */
    price_version_id: text().min(1).max(100),
    /** The language of the payment page and of the receipts; the request's language when absent. */
    locale: z.enum(locales).optional(),
  })
  .strict()
  .meta({ id: 'StartCheckoutBody' });
export type StartCheckoutBody = z.infer<typeof startCheckoutBodySchema>;

/** Where to send the visitor: the payment provider's page, on the merchant's account. */
export const checkoutStartedSchema = z.object({ url: z.url() }).meta({ id: 'CheckoutStarted' });
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

export const checkoutSessionParamsSchema = z.object({ sessionId: text().max(255) });

/** A short-lived proof of one subscription, shown as a QR code (token) and a human code. */
export const passSchema = z
  .object({
    token: z.string(),
    code: z.string(),
    /** After this instant the pass is refused: ask for a fresh one before. */
    expires_at: z.iso.datetime({ offset: true }),
    /** When the next pass can be had (the start of the next time step). */
    refresh_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Pass' });
export type Pass = z.infer<typeof passSchema>;

/**
 * What the success page may show to whoever holds the provider's session id (the buyer): this one
 * subscription and its pass, never anything else about the email.
 */
export const checkoutSessionViewSchema = z
  .object({
    /** pending until the payment provider confirms the subscription. */
    status: z.enum(['pending', 'complete']),
    nest: z.object({ name: z.string() }),
    offer: z.object({ name: z.string() }),
    customer: z.object({ first_name: z.string() }),
    subscription: z
      .object({
        id: z.uuid(),
        status: z.enum(['incomplete', 'trialing', 'active', 'past_due', 'canceled', 'unpaid']),
        current_period_end: z.iso.datetime({ offset: true }).nullable(),
      })
      .nullable(),
    pass: passSchema.nullable(),
  })
  .meta({ id: 'CheckoutSessionView' });
export type CheckoutSessionView = z.infer<typeof checkoutSessionViewSchema>;
