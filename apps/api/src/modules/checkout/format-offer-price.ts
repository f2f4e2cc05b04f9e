import { formatMoney, type Locale, type OfferInterval } from '@nest/contracts';

const per: Record<Locale, Record<OfferInterval, [one: string, many: (n: number) => string]>> = {
  'en-US': {
    week: ['per week', (n) => `every ${n} weeks`],
    month: ['per month', (n) => `every ${n} months`],
    year: ['per year', (n) => `every ${n} years`],
  },
  'fr-FR': {
    week: ['par semaine', (n) => `toutes les ${n} semaines`],
    month: ['par mois', (n) => `tous les ${n} mois`],
    year: ['par an', (n) => `tous les ${n} ans`],
  },
};

/** "€12.00 per month", "12,00 € tous les 3 mois": a price as a visitor reads it. */
export function formatOfferPrice(
  price: { amountCents: number; currency: string; interval: OfferInterval; intervalCount: number },
  locale: Locale,
): string {
  const [one, many] = per[locale][price.interval];
  const amount = formatMoney(price.amountCents, price.currency, locale);
  return `${amount} ${price.intervalCount === 1 ? one : many(price.intervalCount)}`;
}
