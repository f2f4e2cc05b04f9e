/**
 * Integer cents as money text in the reader's locale ("12,00 €"), for the public link page only.
 * Same rule as `formatMoney` in @nest/contracts (Intl formats the exact decimal string, never a
 * float), but that module also defines zod schemas, and importing it would put zod (~25 kB gzipped)
 * in a phone's first download of the link page (ADR 075).
 */
export function formatPrice(amountCents: number, currency: string, locale: string): string {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError(`Not a whole number of cents: ${amountCents}`);
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  const decimal = `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
    decimal,
  );
}
