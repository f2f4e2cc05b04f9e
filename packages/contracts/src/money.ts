import { numberFormat } from './intl.js';
import type { Locale } from './locales.js';

/**
 * Formats integer cents in a locale ("19,00 €", "€19.00") without ever making a float of the amount:
 * Intl formats the exact decimal string.
 */
export function formatMoney(amountCents: number, currency: string, locale: Locale): string {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError(`Not a whole number of cents: ${amountCents}`);
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  const decimal = `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`;
  return numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(decimal);
}
