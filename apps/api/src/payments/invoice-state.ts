import type { ProviderInvoice } from './port.js';

/** The columns our invoice rows (plan and nest) copy from the provider's current invoice. */
export function invoiceState(invoice: ProviderInvoice) {
  return {
    status: invoice.status,
    amountDueCents: invoice.amountDueCents,
    amountPaidCents: invoice.amountPaidCents,
    currency: invoice.currency,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    attemptCount: invoice.attemptCount,
    nextPaymentAttemptAt: invoice.nextPaymentAttemptAt,
    lastFailureCode: invoice.lastFailureCode,
    paidAt: invoice.paidAt,
    issuedAt: invoice.createdAt,
    updatedAt: new Date(),
  };
}
