import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import type { CardUpdateInput } from '../port.js';
import { call, isMissing, stripeLocale, toAppError } from './map-error.js';
import { SESSION_SUBSCRIPTION_KEY } from './map-objects.js';

/**
 * A new card for a subscription through Stripe Checkout in setup mode, for the platform's own
 * subscriptions (the merchant's plan) and, with `stripeAccount`, for a customer's subscription on a
 * merchant's connected account (Stripe-Account header). One implementation for both.
 */
export interface CardUpdateTarget {
  idempotencyKey: string;
  /** The connected account the subscription lives on; absent for the platform's own. */
  stripeAccount?: string | undefined;
}

const onAccount = (target: CardUpdateTarget, idempotencyKey?: string): Stripe.RequestOptions => ({
  ...(idempotencyKey ? { idempotencyKey } : {}),
  ...(target.stripeAccount ? { stripeAccount: target.stripeAccount } : {}),
});

/** Opens the setup-mode Checkout; the subscription it is for rides in the metadata (session and intent). */
export async function createSetupCheckout(
  stripe: Stripe,
  input: CardUpdateInput,
  target: CardUpdateTarget,
): Promise<{ id: string; url: string }> {
  const metadata = { ...input.metadata, [SESSION_SUBSCRIPTION_KEY]: input.subscriptionId };
  const session = await call(() =>
    stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer: input.customerId,
        currency: 'eur',
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        locale: stripeLocale(input.locale),
        metadata,
        setup_intent_data: { metadata },
      },
      onAccount(target, target.idempotencyKey),
    ),
  );
  if (!session.url)
    throw new AppError('provider_error', { status: 502, params: { reason: 'no checkout URL' } });
  return { id: session.id, url: session.url };
}

/**
 * After the setup-mode Checkout completed: its card becomes the customer's and the subscription's
 * default, then the subscription's open invoices are paid with it, oldest first, stopping at the
 * first decline. Every write is keyed from the caller's key, so a repeated completion charges nothing
 * twice. Returns the subscription id, or null when the session is not a completed card update.
 */
export async function applySetupCheckout(
  stripe: Stripe,
  sessionId: string,
  target: CardUpdateTarget,
): Promise<string | null> {
  const key = target.idempotencyKey;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(
      sessionId,
      { expand: ['setup_intent'] },
      onAccount(target),
    );
  } catch (error) {
    if (isMissing(error)) return null;
    throw toAppError(error);
  }
  if (session.mode !== 'setup' || session.status !== 'complete') return null;
  const subscriptionId = session.metadata?.[SESSION_SUBSCRIPTION_KEY];
  const intent = session.setup_intent;
  const paymentMethod =
    intent && typeof intent !== 'string'
      ? typeof intent.payment_method === 'string'
        ? intent.payment_method
        : (intent.payment_method?.id ?? null)
      : null;
  const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  if (!subscriptionId || !paymentMethod || !customerId) return null;
  await call(() =>
    stripe.customers.update(
      customerId,
      { invoice_settings: { default_payment_method: paymentMethod } },
      onAccount(target, `${key}:customer`),
    ),
  );
  await call(() =>
    stripe.subscriptions.update(
      subscriptionId,
      { default_payment_method: paymentMethod },
      onAccount(target, `${key}:subscription`),
    ),
  );
  const open = await call(() =>
    stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 100 }, onAccount(target)),
  );
  const oldestFirst = [...open.data].sort((a, b) => a.created - b.created);
  for (const invoice of oldestFirst) {
    try {
      await stripe.invoices.pay(invoice.id, {}, onAccount(target, `${key}:pay:${invoice.id}`));
    } catch (error) {
      // A decline leaves the invoice open (the customer hears of it through invoice.payment_failed).
      if ((error as { type?: string }).type === 'StripeCardError') break;
      throw toAppError(error);
    }
  }
  return subscriptionId;
}
