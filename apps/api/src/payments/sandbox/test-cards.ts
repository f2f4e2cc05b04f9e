import type { CardBehavior, SandboxCardRecord } from '../../db/schema/sandbox.js';

/** A card as the sandbox keeps it: never the number. */
export type SandboxCard = SandboxCardRecord;

/** Stripe's documented test cards, and what each does. Any other number is refused: this is test mode. */
const testCards: Record<string, { brand: string; behavior: CardBehavior }> = {
  '4242424242424242': { brand: 'visa', behavior: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', behavior: 'succeeds' },
  '4000000000000341': { brand: 'visa', behavior: 'fails_after_attach' },
  '4000000000009995': { brand: 'visa', behavior: 'declines_insufficient_funds' },
  '4000000000000002': { brand: 'visa', behavior: 'declines' },
};

/**
 * Whether a typed number is one of the published test cards: only those are written back into the
 * page after an error, so a real card number typed by mistake is never echoed.
 */
export function isTestCardNumber(number: string | undefined): boolean {
  return (number ?? '').replace(/[\s-]/g, '') in testCards;
}

export type CardProblem =
  | 'invalid_number'
  | 'not_test_card'
  | 'invalid_expiry'
  | 'expired_card'
  | 'invalid_cvc'
  | 'missing_name';

export interface CardForm {
  number?: string | undefined;
  expiry?: string | undefined;
  cvc?: string | undefined;
  name?: string | undefined;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Reads "MM/YY", "MM / YY", "MM/YYYY", or the digits alone ("1230", as typed on a phone's keypad). */
function parseExpiry(value: string): { month: number; year: number } | undefined {
  const digitsOnly = /^(\d{2})(\d{2}|\d{4})$/.exec(value.replace(/\s/g, ''));
  const match = digitsOnly ?? /^\s*(\d{1,2})\s*[/-]\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/**
 * Checks a card form as a card network would before any charge: number (Luhn, then test cards
 * only), expiry (not past at the owner's sandbox time), CVC, name. Returns every problem found.
 */
export function readCard(
  form: CardForm,
  now: Date,
):
  | { card: SandboxCard; problems: [] }
  | { card?: undefined; problems: { field: keyof CardForm; problem: CardProblem }[] } {
  const problems: { field: keyof CardForm; problem: CardProblem }[] = [];
  const digits = (form.number ?? '').replace(/[\s-]/g, '');
  const known = testCards[digits];
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    problems.push({ field: 'number', problem: 'invalid_number' });
  } else if (!known) {
    problems.push({ field: 'number', problem: 'not_test_card' });
  }
  const expiry = parseExpiry(form.expiry ?? '');
  if (!expiry) {
    problems.push({ field: 'expiry', problem: 'invalid_expiry' });
  } else {
    // A card is valid through the last day of its expiry month.
    const endOfMonth = Date.UTC(expiry.year, expiry.month, 1);
    if (endOfMonth <= now.getTime()) problems.push({ field: 'expiry', problem: 'expired_card' });
  }
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) problems.push({ field: 'cvc', problem: 'invalid_cvc' });
  if ((form.name ?? '').trim().length === 0) problems.push({ field: 'name', problem: 'missing_name' });
  if (problems.length > 0 || !known || !expiry) return { problems };
  return {
    card: {
      brand: known.brand,
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      behavior: known.behavior,
    },
    problems: [],
  };
}

/**
 * What happens when a card is charged. 4000 0000 0000 0341 attaches and pays at checkout, then
 * every later charge fails, as Stripe's card does.
 */
export function chargeOutcome(
  behavior: CardBehavior | null,
  trigger: 'checkout' | 'setup' | 'automatic' | 'manual',
): { ok: true } | { ok: false; code: 'insufficient_funds' | 'card_declined' } {
  switch (behavior) {
    case 'succeeds':
      return { ok: true };
    case 'fails_after_attach':
      return trigger === 'checkout' || trigger === 'setup'
        ? { ok: true }
        : { ok: false, code: 'card_declined' };
    case 'declines_insufficient_funds':
      return { ok: false, code: 'insufficient_funds' };
    default:
      return { ok: false, code: 'card_declined' };
  }
}
