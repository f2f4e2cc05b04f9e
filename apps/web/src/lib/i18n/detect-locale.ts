import { defaultLocale, isLocale, type Locale, matchLocale } from '@nest/contracts';

/** The locale to show: the visitor's earlier choice (cookie), then the browser's languages, then en-US. */
export function detectLocale(cookieValue: string | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return matchLocale(browserLanguages) ?? defaultLocale;
}

export function browserLanguages(nav: Navigator = navigator): string[] {
  if (nav.languages?.length) return [...nav.languages];
  return nav.language ? [nav.language] : [];
}
