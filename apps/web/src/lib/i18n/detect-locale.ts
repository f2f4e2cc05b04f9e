import { defaultLocale, isLocale, type Locale, matchLocale } from '@nest/contracts';

/**
 * The locale to show: the address's `?lang=` (the language versions search engines list, ADR 198),
 * then the visitor's earlier choice (cookie), then the browser's languages, then en-US.
 */
export function detectLocale(
  cookieValue: string | undefined,
  browserLanguages: readonly string[],
  requested?: string | null,
): Locale {
  const fromAddress = requested ? matchLocale([requested]) : undefined;
  if (fromAddress) return fromAddress;
  if (isLocale(cookieValue)) return cookieValue;
  return matchLocale(browserLanguages) ?? defaultLocale;
}

export function browserLanguages(nav: Navigator = navigator): string[] {
  if (nav.languages?.length) return [...nav.languages];
  return nav.language ? [nav.language] : [];
}

/** The `lang` of the page's address (`/?lang=fr`), if any. */
export function requestedLanguage(search: string = window.location.search): string | null {
  return new URLSearchParams(search).get('lang');
}
