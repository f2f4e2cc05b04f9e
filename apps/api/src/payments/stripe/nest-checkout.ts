import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import type { CheckoutBranding, NestCheckoutProvider } from '../nest-checkout.js';
import { call, retrieve, stripeLocale } from './map-error.js';
import { toCheckoutSession, toInvoice, toSubscription } from './map-objects.js';

/** Basis points as Stripe's application_fee_percent (two decimals at most: 250 → 2.5). */
export const feePercent = (bps: number) => bps / 100;

/**
 * Customer checkouts on the merchant's connected account (direct charges, Stripe-Account header):
 * Stripe Checkout in subscription mode, the customer made from the email, the platform's fee as
 * application_fee_percent on every invoice, trial days if the offer has some. Reads go to the same
 * account, or Stripe answers "no such object".
 */
/**
 * The nest's brand as Checkout's branding_settings: its name at the top, its colour behind the summary
 * and on the button (Stripe picks readable text itself), its square logo as the icon. Stripe fetches
 * the logo, so only a public https address is sent (never a development localhost).
 */
export function brandingSettings(
  branding: CheckoutBranding,
): Stripe.Checkout.SessionCreateParams.BrandingSettings {
  return {
    display_name: branding.displayName,
    ...(branding.color ? { background_color: branding.color, button_color: branding.color } : {}),
    ...(branding.logoUrl?.startsWith('https://') ? { icon: { type: 'url', url: branding.logoUrl } } : {}),
  };
}

export function stripeNestCheckout(stripe: Stripe): NestCheckoutProvider {
  return {
    async createNestCheckout(accountId, input, { idempotencyKey }) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: input.priceId, quantity: 1 }],
            customer_email: input.customerEmail,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            locale: stripeLocale(input.locale),
            metadata: input.metadata,
            ...(input.branding ? { branding_settings: brandingSettings(input.branding) } : {}),
            ...(input.expiresInMinutes
              ? { expires_at: Math.floor(Date.now() / 1000) + input.expiresInMinutes * 60 }
              : {}),
            subscription_data: {
              metadata: input.subscriptionMetadata,
              ...(input.applicationFeeBps > 0
                ? { application_fee_percent: feePercent(input.applicationFeeBps) }
                : {}),
              ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
            },
          },
          { idempotencyKey, stripeAccount: accountId },
        ),
      );
      if (!session.url) {
        throw new AppError('provider_error', { status: 502, params: { reason: 'no checkout URL' } });
      }
      return { ...toCheckoutSession(session), url: session.url };
    },

    async retrieveNestCheckoutSession(accountId, sessionId) {
      const session = await retrieve(() =>
        stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: accountId }),
      );
      return session ? toCheckoutSession(session) : null;
    },

    async retrieveNestSubscription(accountId, subscriptionId) {
      const subscription = await retrieve(() =>
        stripe.subscriptions.retrieve(
          subscriptionId,
          { expand: ['latest_invoice'] },
          { stripeAccount: accountId },
        ),
      );
      return subscription ? toSubscription(subscription) : null;
    },

    async retrieveNestInvoice(accountId, invoiceId) {
      const invoice = await retrieve(() =>
        stripe.invoices.retrieve(
          invoiceId,
          { expand: ['payments.data.payment.payment_intent'] },
          { stripeAccount: accountId },
        ),
      );
      return invoice ? toInvoice(invoice) : null;
    },
  };
}
