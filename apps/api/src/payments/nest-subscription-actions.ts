import type { CardUpdateInput, PayInvoiceResult, ProviderSubscription, WriteOptions } from './port.js';

/**
 * What a customer does to their own subscription on a merchant's connected account: cancel at the
 * end of the period or take that back, pay an open invoice again with the saved card, or give another
 * card on the provider's hosted page. Every call names the connected account (the objects live there)
 * and every write carries an idempotency key.
 */
export interface NestSubscriptionActionsProvider {
  setNestCancelAtPeriodEnd(
    accountId: string,
    subscriptionId: string,
    cancelAtPeriodEnd: boolean,
    options: WriteOptions,
  ): Promise<ProviderSubscription>;
  /**
   * Ends the subscription now (the merchant's "cancel now"): no more invoices; what was paid stays
   * paid (no prorated refund). Already ended is a conflict.
   */
  cancelNestSubscriptionNow(
    accountId: string,
    subscriptionId: string,
    options: WriteOptions,
  ): Promise<ProviderSubscription>;
  /**
   * Pauses collection for the next `periods` billing periods (ADR 150): the period already paid runs
   * to its end, the renewals of the paused periods bill nothing, and billing resumes by itself at the
   * end of the last one. An ended subscription is a conflict.
   */
  pauseNestSubscription(
    accountId: string,
    subscriptionId: string,
    periods: number,
    options: WriteOptions,
  ): Promise<ProviderSubscription>;
  /** Takes a pause back now: the next renewal is billed again. Not paused: nothing changes. */
  resumeNestSubscription(
    accountId: string,
    subscriptionId: string,
    options: WriteOptions,
  ): Promise<ProviderSubscription>;
  /** A decline is an outcome, not an error. */
  payNestInvoice(accountId: string, invoiceId: string, options: WriteOptions): Promise<PayInvoiceResult>;
  /**
   * The provider's hosted page in setup mode, on the connected account, where the customer gives a
   * new card for one subscription (Stripe: Checkout mode=setup with Stripe-Account).
   */
  createNestCardUpdateSession(
    accountId: string,
    input: CardUpdateInput,
    options: WriteOptions,
  ): Promise<{ id: string; url: string }>;
  /**
   * After such a session completed (its webhook): the new card becomes the subscription's default and
   * its open invoices are charged with it, oldest first, stopping at a decline. Returns the provider
   * subscription id, or null when the session is not a completed card update of that account. Safe
   * to repeat: a second call charges nothing more.
   */
  completeNestCardUpdate(accountId: string, sessionId: string, options: WriteOptions): Promise<string | null>;
}
