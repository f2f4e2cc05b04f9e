/**
 * The platform's fee on a payment: basis points of the amount, rounded to the nearest cent (half
 * up), in integers only. Stripe takes application_fee_percent of each invoice the same way.
 */
export function applicationFeeCents(amountCents: number, feeBps: number): number {
  return Math.floor((amountCents * feeBps + 5_000) / 10_000);
}

/**
 * The platform's fee given back with a refund of refundCents out of a paymentCents payment that paid
 * feeCents: its share, rounded half up (Stripe's refund_application_fee gives back the same share).
 */
export function refundedFeeCents(paymentCents: number, feeCents: number, refundCents: number): number {
  if (paymentCents <= 0) return 0;
  return Math.floor((feeCents * refundCents * 2 + paymentCents) / (paymentCents * 2));
}
