import { formatMoney, type Locale } from '@nest/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The web app's one money helper. Amounts are integer cents everywhere; they become text only here
 * (formatted by Intl in the reader's locale, never through a float) and become cents again only
 * through `parseMoneyInput`, which reads the typed string digit by digit.
 */
export { formatMoney };

/** `formatMoney` bound to the page's current language: `money(250000)` → "2 500,00 €" in French. */
export function useFormatMoney(): (amountCents: number, currency?: string) => string {
  const { i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  return useCallback(
    (amountCents: number, currency = 'eur') => formatMoney(amountCents, currency, locale),
    [locale],
  );
}

const decimalSeparator: Record<Locale, ',' | '.'> = { 'en-US': '.', 'fr-FR': ',' };

/**
 * Reads an amount typed by a person ("12,50" in French, "1,234.5" in English, "12 €") as integer
 * cents, or null when it is not a plain non-negative amount with at most two decimals. The string is
 * split into its whole and decimal digits, so 0.1 + 0.2 style float errors cannot happen.
 */
export function parseMoneyInput(text: string, locale: Locale): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^€|€$|^eur|eur$/gi, '');
  if (!/^[\d.,]+$/.test(compact)) return null;
  const decimal = decimalSeparator[locale];
  const group = decimal === ',' ? '.' : ',';

  let whole = compact;
  let fraction = '';
  const at = compact.lastIndexOf(decimal);
  if (at >= 0) {
    whole = compact.slice(0, at);
    fraction = compact.slice(at + 1);
  } else {
    // The other separator once, followed by one or two digits, is a decimal typed the other way
    // ("12.5" on a French keyboard); followed by three digits it stays a thousands separator.
    const swapped = compact.match(new RegExp(`^(\\d+)\\${group}(\\d{1,2})$`));
    if (swapped) {
      whole = swapped[1]!;
      fraction = swapped[2]!;
    }
  }
  if (whole.includes(group)) {
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return null;
    whole = whole.replaceAll(group, '');
  }
  if (whole === '' && fraction === '') return null;
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as a person would type them in an input ("12,50" in French), which `parseMoneyInput` reads back. */
export function formatMoneyInput(amountCents: number, locale: Locale): string {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError(`Not a whole number of cents: ${amountCents}`);
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  return `${sign}${Math.trunc(abs / 100)}${decimalSeparator[locale]}${String(abs % 100).padStart(2, '0')}`;
}
