/** Decline codes with their own sentence (Stripe's names; the sandbox uses the first two), for the merchant's plan and the customer's subscriptions alike. */
export const knownDeclineCodes = [
  'insufficient_funds',
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'authentication_required',
] as const;
export type DeclineCode = (typeof knownDeclineCodes)[number] | 'generic';

/** The translation key for a provider's decline code; an unknown one reads as a plain decline. */
export function declineReason(code: string | null | undefined): DeclineCode {
  return (knownDeclineCodes as readonly string[]).includes(code ?? '') ? (code as DeclineCode) : 'generic';
}
