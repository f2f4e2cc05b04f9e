import type { Locale } from '@nest/contracts';
import { dateTimeFormat } from '@nest/contracts';

/** "2025-03" as "March 2025" / "mars 2025". */
export function formatMonth(month: string, locale: Locale): string {
  const [year, monthNumber] = month.split('-').map(Number);
  // The middle of the month in UTC: no time zone can move it into another month.
  const middle = new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 15));
  return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(middle);
}
