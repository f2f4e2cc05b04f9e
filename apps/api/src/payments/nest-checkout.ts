import type { Locale } from '@nest/contracts';
import type {
  CallOptions,
  Metadata,
  ProviderCheckoutSession,
  ProviderInvoice,
  ProviderSubscription,
  WriteOptions,
} from './port.js';

/**
 * The seller's brand on the hosted page, as Stripe Checkout's branding_settings (ADR 197): the name
 * at the top, the logo, and the colour of the cover and button.
 */
export interface CheckoutBranding {
  displayName: string;
  /** Absolute address of the logo, or null without one. */
  logoUrl: string | null;
  /** `#rrggbb`, or null for the provider's default. */
  color: string | null;
}

export interface NestCheckoutInput {
  /** The provider price of the offer's current version, on the merchant's connected account. */
  priceId: string;
  /** The customer's email: the provider makes the customer with it (not editable on its page). */
  customerEmail: string;
  customerName: string;
  /** The platform's share of every invoice of the subscription, in basis points (200 = 2 %). */
  applicationFeeBps: number;
  /** Free days before the first charge; 0 for none. */
  trialDays: number;
  /** May contain {CHECKOUT_SESSION_ID}, replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  locale: Locale;
  /** On the session. */
  metadata: Metadata;
  /** On the subscription it makes, and so on every event about it. */
  subscriptionMetadata: Metadata;
  /** When set, the session cannot be paid after this many minutes (30 at least, as Stripe's). */
  expiresInMinutes?: number;
  /** The nest's name, logo and colour on the page; the provider's defaults without. */
  branding?: CheckoutBranding;
}

/**
 * Customers subscribing to a merchant's offer: a hosted checkout in subscription mode on the
 * merchant's connected account (Stripe Checkout with Stripe-Account and an application fee), and
 * reading back what it made. Every call names the connected account: the objects live there.
 */
export interface NestCheckoutProvider {
  createNestCheckout(
    accountId: string,
    input: NestCheckoutInput,
    options: WriteOptions,
  ): Promise<ProviderCheckoutSession & { url: string }>;
  retrieveNestCheckoutSession(
    accountId: string,
    sessionId: string,
    options?: CallOptions,
  ): Promise<ProviderCheckoutSession | null>;
  retrieveNestSubscription(
    accountId: string,
    subscriptionId: string,
    options?: CallOptions,
  ): Promise<ProviderSubscription | null>;
  retrieveNestInvoice(
    accountId: string,
    invoiceId: string,
    options?: CallOptions,
  ): Promise<ProviderInvoice | null>;
}
