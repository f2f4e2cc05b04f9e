import type { Locale, PlanId, SubscriptionStatus } from '@nest/contracts';
import type { Tx } from '../db/client.js';
import type { CatalogProvider } from './catalog.js';
import type { NestMoneyProvider } from './money.js';
import type { NestCheckoutProvider } from './nest-checkout.js';
import type { NestSubscriptionActionsProvider } from './nest-subscription-actions.js';

/**
 * The one door to money. The app talks to a PaymentProvider and reacts to provider-neutral events;
 * the Stripe adapter (production) and the sandbox adapter (offline default, tests) sit behind it.
 * Amounts are integer cents; dates are real time (the sandbox converts its test clock back).
 */

export type ProviderName = 'sandbox' | 'stripe';

export interface CallOptions {
  /**
   * The caller's transaction. The sandbox lives in our database and must read and write inside it
   * (the embedded database has one connection); remote providers ignore it.
   */
  tx?: Tx;
}

export interface WriteOptions extends CallOptions {
  /** Sent with every create or change, so a retried request never charges or creates twice. */
  idempotencyKey: string;
}

export type Metadata = Record<string, string>;

/** What the merchant buys when they pick a plan: the plan, its monthly price, its name on the receipt. */
export interface PlanPrice {
  plan: PlanId;
  amountCents: number;
  currency: 'eur';
  productName: string;
}

export interface ProviderCustomer {
  id: string;
  email: string | null;
}

export interface ProviderCheckoutSession {
  id: string;
  mode: 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  /** The hosted page; null once the session is over. */
  url: string | null;
  customerId: string | null;
  /** Subscription mode: the subscription created. Setup mode: the subscription whose card is replaced. */
  subscriptionId: string | null;
  metadata: Metadata;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: InvoiceStatus;
  billingReason: BillingReason;
  amountDueCents: number;
  amountPaidCents: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Automatic attempts so far (renewal and dunning retries). */
  attemptCount: number;
  nextPaymentAttemptAt: Date | null;
  /** Decline code of the last failed attempt, if any. */
  lastFailureCode: string | null;
  paidAt: Date | null;
  createdAt: Date;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  metadata: Metadata;
  /** The plan being billed now, when the subscription is a merchant plan. */
  plan: PlanId | null;
  /** A plan change scheduled for the end of the period (a downgrade). */
  pendingPlan: PlanId | null;
  amountCents: number;
  currency: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /**
   * A pause of collection (Stripe's pause_collection, behavior void): no invoice is collected from
   * startsAt (the end of the period paid when it was set) until endsAt, a period boundary, when it
   * resumes by itself. Null when not paused.
   */
  pause: SubscriptionPause | null;
  latestInvoice: ProviderInvoice | null;
  createdAt: Date;
}

export interface SubscriptionPause {
  startsAt: Date;
  endsAt: Date;
}

export interface PayInvoiceResult {
  outcome: 'paid' | 'failed';
  /** Decline code when the payment failed (insufficient_funds, card_declined...). */
  failureCode: string | null;
  invoice: ProviderInvoice;
}

/** A hosted setup-mode page for a new card on one subscription (the merchant's plan or a customer's). */
export interface CardUpdateInput {
  customerId: string;
  subscriptionId: string;
  successUrl: string;
  cancelUrl: string;
  locale: Locale;
  metadata: Metadata;
}

export type PayoutInterval = 'manual' | 'daily' | 'weekly' | 'monthly';
export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface PayoutSchedule {
  interval: PayoutInterval;
  /** Weekly payouts: the day they are sent. */
  weeklyAnchor?: Weekday | null;
  /** Monthly payouts: the day of the month (1–31) they are sent. */
  monthlyAnchor?: number | null;
}

export interface ProviderAccount {
  id: string;
  email: string | null;
  businessName: string | null;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  payoutSchedule: Required<PayoutSchedule>;
  metadata: Metadata;
}

/** The provider-neutral happenings the app reacts to. */
export type NeutralEventType =
  | 'checkout.completed'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'invoice.updated'
  | 'subscription.updated'
  | 'subscription.canceled'
  | 'payout_account.updated'
  | 'payment.updated'
  | 'payout.updated'
  | 'dispute.updated';

/** A verified webhook event, before we decide whether it is new. */
export interface ProviderEvent {
  id: string;
  /** The provider's type (customer.subscription.updated...). */
  type: string;
  /** What it means to us, or null for events we do not use. */
  neutralType: NeutralEventType | null;
  objectId: string | null;
  /** The connected account it happened on; null for the platform's own objects. */
  accountId: string | null;
  occurredAt: Date;
  payload: unknown;
}

/**
 * Products and prices on connected accounts (the merchant's offers) come from catalog.ts; customers'
 * checkouts on them from nest-checkout.ts.
 */
export interface PaymentProvider
  extends CatalogProvider,
    NestCheckoutProvider,
    NestSubscriptionActionsProvider,
    NestMoneyProvider {
  readonly name: ProviderName;

  /** Verifies a webhook delivery on its raw body; rejects with AppError('invalid_signature') otherwise. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderEvent>;

  // The merchant's plan
  /**
   * ownerId is the merchant the customer belongs to: the sandbox keys its test clocks by it (Stripe
   * attaches test clocks to customers the same way); Stripe keeps it in the metadata.
   */
  createCustomer(
    input: { ownerId: string; email: string; name: string; locale: Locale; metadata: Metadata },
    options: WriteOptions,
  ): Promise<ProviderCustomer>;
  /** A hosted checkout in subscription mode; the merchant pays there and comes back to successUrl. */
  createPlanCheckout(
    input: {
      customerId: string;
      price: PlanPrice;
      /** May contain {CHECKOUT_SESSION_ID}, replaced by the session id. */
      successUrl: string;
      cancelUrl: string;
      locale: Locale;
      metadata: Metadata;
    },
    options: WriteOptions,
  ): Promise<ProviderCheckoutSession & { url: string }>;
  retrieveCheckoutSession(id: string, options?: CallOptions): Promise<ProviderCheckoutSession | null>;
  retrieveSubscription(id: string, options?: CallOptions): Promise<ProviderSubscription | null>;
  retrieveInvoice(id: string, options?: CallOptions): Promise<ProviderInvoice | null>;
  listOpenInvoices(subscriptionId: string, options?: CallOptions): Promise<ProviderInvoice[]>;
  /** Upgrade now with a prorated invoice paid at once (fails with card_declined, changing nothing), or change at period end. */
  changeSubscriptionPlan(
    subscriptionId: string,
    input: { price: PlanPrice; timing: 'now' | 'period_end' },
    options: WriteOptions,
  ): Promise<ProviderSubscription>;
  /** Cancels at the end of the period (true) or takes that back (false). */
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancelAtPeriodEnd: boolean,
    options: WriteOptions,
  ): Promise<ProviderSubscription>;
  /** Charges an open invoice with the customer's current card. A decline is an outcome, not an error. */
  payInvoice(invoiceId: string, options: WriteOptions): Promise<PayInvoiceResult>;
  /** A hosted page where the customer enters a new card for a subscription (setup mode). */
  createCardUpdateSession(
    input: CardUpdateInput,
    options: WriteOptions,
  ): Promise<{ id: string; url: string }>;
  /**
   * After a card-update session completed: makes the new card the subscription's and pays its open
   * invoices with it. Returns the subscription id, or null when the session is not a completed one.
   */
  completeCardUpdate(sessionId: string, options: WriteOptions): Promise<string | null>;

  // Connect: the merchant's payout account
  createConnectedAccount(
    input: {
      ownerId: string;
      email: string;
      country: string;
      businessName?: string | null;
      metadata: Metadata;
    },
    options: WriteOptions,
  ): Promise<ProviderAccount>;
  /** A single-use onboarding link; refreshUrl is where an expired link sends the merchant. */
  createAccountLink(
    accountId: string,
    input: { refreshUrl: string; returnUrl: string },
    options?: CallOptions,
  ): Promise<{ url: string; expiresAt: Date }>;
  retrieveAccount(accountId: string, options?: CallOptions): Promise<ProviderAccount | null>;
  updatePayoutSchedule(
    accountId: string,
    schedule: PayoutSchedule,
    options: WriteOptions,
  ): Promise<ProviderAccount>;
}
