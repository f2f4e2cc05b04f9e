/**
 * The platform's fee on a payment: basis points of the amount, rounded to the nearest cent (half
 * up), in integers only. Stripe takes application_fee_percent of each invoice the same way.
 */
export function applicationFeeCents(amountCents: number, feeBps: number): number {
  return Math.floor((amountCents * feeBps + 5_000) / 10_000);
}
