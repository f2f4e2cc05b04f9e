import { dateTimeFormat, numberFormat } from '@nest/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Numbers, shares and months in the reader's language, dates in the merchant's time zone. */
export function useFormatters(timeZone: string) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => formatters(locale, timeZone), [locale, timeZone]);
}

function formatters(locale: string, timeZone: string) {
  const number = numberFormat(locale);
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const signedPercent = numberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const monthLong = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthShort = dateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const dayShort = dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayLong = dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const dateTime = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  // "2025-03" and "2025-03-20" are calendar dates of the merchant's zone already: read them as UTC.
  const monthDate = (key: string) => new Date(`${key}-01T00:00:00Z`);
  const dayDate = (key: string) => new Date(`${key}T00:00:00Z`);
  return {
    locale,
    number: (n: number) => number.format(n),
    percent: (ratio: number) => percent.format(ratio),
    // The minus sign the amounts next to it use (Intl writes a hyphen-minus here in both languages).
    signedPercent: (ratio: number) => signedPercent.format(ratio).replace('-', '−'),
    month: (key: string) => monthLong.format(monthDate(key)),
    monthShort: (key: string) => monthShort.format(monthDate(key)),
    day: (key: string) => dayLong.format(dayDate(key)),
    dayShort: (key: string) => dayShort.format(dayDate(key)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
  };
}
