import type { PayInvoiceResult, ProviderSubscription, WriteOptions } from './port.js';

/**
 * What a customer does to their own subscription on a merchant's connected account: cancel at the
 * end of the period or take that back, and pay an open invoice again with the saved card. Every call
 * names the connected account (the objects live there) and carries an idempotency key.
 */
export interface NestSubscriptionActionsProvider {
  setNestCancelAtPeriodEnd(
    accountId: string,
    subscriptionId: string,
    cancelAtPeriodEnd: boolean,
    options: WriteOptions,
  ): Promise<ProviderSubscription>;
  /** A decline is an outcome, not an error. */
  payNestInvoice(accountId: string, invoiceId: string, options: WriteOptions): Promise<PayInvoiceResult>;
}
