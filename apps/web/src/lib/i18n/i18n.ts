import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, type Locale, locales } from '@nest/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../cookies';
import { catalogueBackend, prefetchCatalogues } from './catalogue-backend';
import { browserLanguages, detectLocale, requestedLanguage } from './detect-locale';
import type { Namespace } from './namespaces';

/** Remembers the locale for a year (spec §9), so the API answers in it too (it reads the cookie). */
function rememberLocale(locale: string): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_DAYS);
  document.documentElement.lang = locale;
}

/** Settles once initI18n has run: i18next reads an area's words only after its init (the shell's words). */
let initialised: Promise<unknown> = Promise.resolve();
/** The locale initI18n chose, known before i18next's init has finished. */
let startingLocale: Locale | undefined;

/**
 * Detects the locale, writes it to the cookie and loads the shell's words before the first render.
 * The router may start at the same time (main.tsx): loadNamespaces waits for this to finish.
 */
export function initI18n(): Promise<typeof i18n> {
  const done = initialise();
  initialised = done.catch(() => undefined);
  return done;
}

async function initialise(): Promise<typeof i18n> {
  const locale = detectLocale(readCookie(LOCALE_COOKIE), browserLanguages(), requestedLanguage());
  startingLocale = locale;
  i18n.on('languageChanged', rememberLocale);
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...locales],
      // The backend substitutes English for a catalogue that fails to load, so no second download.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  rememberLocale(i18n.language);
  return i18n;
}

export function currentLocale(): Locale {
  return (i18n.resolvedLanguage ?? i18n.language) as Locale;
}

export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
}

/**
 * Starts loading an area's words, e.g. alongside its lazy route: their download starts at once, beside
 * the shell's, and i18next takes them once its init is done.
 */
export async function loadNamespaces(...ns: Namespace[]): Promise<void> {
  const locale = i18n.isInitialized ? currentLocale() : startingLocale;
  if (locale) {
    prefetchCatalogues(
      locale,
      ns.filter((namespace) => !i18n.isInitialized || !i18n.hasResourceBundle(locale, namespace)),
    );
  }
  await initialised;
  return i18n.loadNamespaces(ns);
}

export { i18n };
