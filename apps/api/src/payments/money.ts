import type { CallOptions, Metadata, WriteOptions } from './port.js';

/**
 * Money on a merchant's connected account, as the ledger needs it (ADR 120): payments with their
 * fees and refunds, refunds asked by the merchant, payouts with what they settle, disputes. Read only
 * from webhook handlers (never on a page view); every call names the connected account.
 */

/** The metadata key of a refund asked from the merchant area: the merchant user who asked (the ledger keeps it). */
export const REFUND_INITIATED_BY_KEY = 'nest_initiated_by';

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';
export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
export type DisputeStatus = 'needs_response' | 'under_review' | 'won' | 'lost';

export interface ProviderRefund {
  id: string;
  /** The payment refunded (Stripe: its payment intent; the sandbox: its payment). */
  paymentId: string;
  amountCents: number;
  /** The share of the platform's application fee given back with it. */
  applicationFeeRefundedCents: number;
  currency: string;
  status: RefundStatus;
  reason: string | null;
  metadata: Metadata;
  createdAt: Date;
}

export interface ProviderPayment {
  /** Stripe: the payment intent; the sandbox: its payment. */
  id: string;
  invoiceId: string | null;
  amountCents: number;
  currency: string;
  applicationFeeCents: number;
  /** The provider's own fee from the payment's balance transaction, when it reports one. */
  processingFeeCents: number | null;
  refunds: ProviderRefund[];
  createdAt: Date;
}

export interface ProviderPayout {
  id: string;
  /** Positive: what left the balance for the bank. */
  amountCents: number;
  currency: string;
  status: PayoutStatus;
  arrivalDate: Date;
  createdAt: Date;
  /** The ids of the payments, refunds and disputes whose money this payout carries. */
  settles: string[];
}

export interface ProviderDispute {
  id: string;
  paymentId: string;
  /** Positive: what the dispute takes from the balance while it lasts. */
  amountCents: number;
  currency: string;
  status: DisputeStatus;
  reason: string | null;
  /** The money was given back to the merchant (a won dispute). */
  fundsReinstated: boolean;
  createdAt: Date;
}

export interface NestMoneyProvider {
  /**
   * Refunds all or part of a payment on the connected account; the platform gives back its fee in
   * proportion. More than what is left to refund is refused (AppError refund_exceeds_payment).
   */
  createNestRefund(
    accountId: string,
    input: {
      paymentId: string;
      amountCents: number;
      reason?: 'requested_by_customer' | 'duplicate' | 'fraudulent' | undefined;
      metadata: Metadata;
    },
    options: WriteOptions,
  ): Promise<ProviderRefund>;
  /** A payment by its id (Stripe also takes a charge or refund id) or by the invoice it paid; null if none. */
  retrieveNestPayment(
    accountId: string,
    ref: { id: string } | { invoiceId: string },
    options?: CallOptions,
  ): Promise<ProviderPayment | null>;
  retrieveNestPayout(
    accountId: string,
    payoutId: string,
    options?: CallOptions,
  ): Promise<ProviderPayout | null>;
  retrieveNestDispute(
    accountId: string,
    disputeId: string,
    options?: CallOptions,
  ): Promise<ProviderDispute | null>;
}
