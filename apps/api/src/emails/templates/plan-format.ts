import { dateTimeFormat, formatMoney, type Locale } from '@nest/contracts';

/** Dates and amounts in plan emails, in the merchant's language and time zone. */
export function formatPlanDate(iso: string, locale: Locale, timeZone: string): string {
  return dateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
}

export function formatPlanAmount(amountCents: number, currency: string, locale: Locale): string {
  return formatMoney(amountCents, currency, locale);
}

const declineReasons: Record<Locale, Record<string, string>> = {
  'en-US': {
    insufficient_funds: 'insufficient funds',
    card_declined: 'the card was declined',
    expired_card: 'the card has expired',
  },
  'fr-FR': {
    insufficient_funds: 'fonds insuffisants',
    card_declined: 'la carte a été refusée',
    expired_card: 'la carte a expiré',
  },
};

/** A decline code (insufficient_funds…) in words; unknown codes read as a plain refusal. */
export function declineReason(code: string | null, locale: Locale): string {
  return declineReasons[locale][code ?? 'card_declined'] ?? declineReasons[locale].card_declined!;
}
