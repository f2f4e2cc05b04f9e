import { numberFormat } from '@nest/contracts';
import { useTranslation } from 'react-i18next';

/** A share of the limit as a whole percent in the reader's locale ("85%", "85 %"), never rounded up. */
export function usePercent(): (ratio: number) => string {
  const { i18n } = useTranslation();
  const format = numberFormat(i18n.resolvedLanguage ?? i18n.language, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  // Floor, so 99.6 % never reads "100 %" while subscriptions are still open.
  return (ratio: number) => format.format(Math.floor(ratio * 100) / 100);
}
