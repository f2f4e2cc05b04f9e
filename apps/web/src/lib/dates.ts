import type { Locale } from '@nest/contracts';
import { dateTimeFormat } from '@nest/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export interface DateFormatOptions {
  /** The merchant's time zone, so "the 3rd" is the 3rd where the business is, not where the browser is. */
  timeZone?: string;
  /** long: "3 March 2026"; short: "03/03/2026". */
  style?: 'long' | 'short';
}

/** The web app's one date formatter: an ISO timestamp as a calendar date in the reader's locale. */
export function formatDate(value: string | Date, locale: Locale, options: DateFormatOptions = {}): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return dateTimeFormat(locale, {
    dateStyle: options.style ?? 'long',
    timeZone: options.timeZone,
  }).format(date);
}

/** `formatDate` bound to the page's current language. */
export function useFormatDate(): (value: string | Date, options?: DateFormatOptions) => string {
  const { i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  return useCallback(
    (value: string | Date, options?: DateFormatOptions) => formatDate(value, locale, options),
    [locale],
  );
}
