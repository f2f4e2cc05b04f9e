/** Decline codes with their own sentence (the provider's names; the sandbox uses the first two). */
const knownDeclines = [
  'insufficient_funds',
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'authentication_required',
] as const;
export type DeclineKey = (typeof knownDeclines)[number] | 'generic';

/** The catalogue key of a decline code; an unknown one reads as a plain decline. */
export function declineKey(code: string | null | undefined): DeclineKey {
  return (knownDeclines as readonly string[]).includes(code ?? '') ? (code as DeclineKey) : 'generic';
}
