import type { Locale, OfferInterval } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';

/** "€12.00 / month", "12,00 € toutes les 2 semaines": a price as merchants and customers read it. */
export function usePriceText() {
  const { t, i18n } = useTranslation('offers');
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  return (price: {
    amount_cents: number;
    currency: string;
    interval: OfferInterval;
    interval_count: number;
  }) => {
    const amount = formatMoney(price.amount_cents, price.currency, locale);
    return price.interval_count === 1
      ? t(`price.per.${price.interval}`, { amount })
      : t(`price.every.${price.interval}`, { amount, n: price.interval_count });
  };
}
