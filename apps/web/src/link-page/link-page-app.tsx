import type { PublicLink } from '@nest/contracts';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, type Locale, locales } from '@nest/contracts';
import { useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { LinkPage } from '@/features/checkout/components/link-page';
import type { LinkWords } from '@/features/checkout/lib/link-words';
import { LinkWordsContext } from '@/features/checkout/lib/link-words';
import {
  applyColorMode,
  colorModePreferences,
  getColorModePreference,
  isColorModePreference,
  resolveColorMode,
  setColorModePreference,
  subscribeColorMode,
  subscribeSystemColorMode,
  systemPrefersDark,
} from '@/lib/color-mode/color-mode';
import { showConsentBanner } from '@/lib/consent/consent';
import { writeCookie } from '@/lib/cookies';
import { catalogues, createTranslator } from './words';

/** Where /links/404 and the app's other pages are: plain links, this page has no router. */
const LEGAL = '/legal';
const NOT_FOUND = '/links/404';
const MAIN_CONTENT_ID = 'main-content';

/** Keeps the locale for a year (spec §9), like the app: the API answers in it too. */
export function rememberLocale(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_DAYS);
  document.documentElement.lang = locale;
}

/** The visitor's colour mode preference (cookie), applied to <html> before the browser paints. */
function useColorModePreference() {
  const preference = useSyncExternalStore(subscribeColorMode, getColorModePreference);
  const prefersDark = useSyncExternalStore(subscribeSystemColorMode, systemPrefersDark);
  const resolved = resolveColorMode(preference, undefined, prefersDark);
  useLayoutEffect(() => applyColorMode(resolved), [resolved]);
  return preference;
}

function goToNotFound(): void {
  window.location.replace(NOT_FOUND);
}

interface LinkPageAppProps {
  nestLinkId: string;
  initialLocale: Locale;
  /** The link's data the server wrote into the page (absent from the Vite dev server's page). */
  initial: PublicLink | undefined;
}

/**
 * The standalone public link page (ADR 077): the same header, offer, form and footer as the app's
 * default layout shows, without React Router, i18next, TanStack Query or the shell.
 */
export function LinkPageApp({ nestLinkId, initialLocale, initial }: LinkPageAppProps) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const colorMode = useColorModePreference();
  const common = useMemo(() => createTranslator(catalogues[locale].common, locale), [locale]);
  const words = useMemo<LinkWords>(
    () => ({
      locale,
      t: createTranslator(catalogues[locale].checkout, locale),
      documentTitle: (title) => common('documentTitle', { title }),
    }),
    [locale, common],
  );

  return (
    <LinkWordsContext value={words}>
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-slate-900 dark:text-slate-100"
      >
        {common('skipLink')}
      </a>
      <div data-layout="default" className="flex min-h-dvh flex-col">
        <header className="border-b border-slate-200 dark:border-slate-800">
          {/* The nest leads on this page (ADR 197): Nest is only the "Powered by Nest" line under the form. */}
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-end gap-3 px-4 py-3 sm:px-6">
            <div className="flex flex-wrap items-center gap-2">
              <SelectField
                label={common('language.label')}
                hideLabel
                value={locale}
                onChange={(event) => {
                  const next = event.target.value;
                  if (!isLocale(next)) return;
                  rememberLocale(next);
                  setLocale(next);
                }}
                // The option names are endonyms ("Français"), so each is announced in its own language.
                options={locales.map((option) => ({
                  value: option,
                  label: common(`language.names.${option}`),
                  lang: option,
                }))}
              />
              <SelectField
                label={common('colorMode.label')}
                hideLabel
                value={colorMode}
                onChange={(event) => {
                  if (isColorModePreference(event.target.value)) setColorModePreference(event.target.value);
                }}
                options={colorModePreferences.map((mode) => ({
                  value: mode,
                  label: common(`colorMode.${mode}`),
                }))}
              />
            </div>
          </div>
        </header>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10 lg:max-w-5xl"
        >
          <LinkPage nestLinkId={nestLinkId} initial={initial} onNotFound={goToNotFound} />
        </main>
        <footer className="border-t border-slate-200 dark:border-slate-800">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-3 px-4 py-6 text-sm text-slate-500 sm:justify-end sm:px-6 dark:text-slate-400">
            <div className="flex flex-wrap items-center gap-4">
              <a href={LEGAL} className="hover:text-brand-700 hover:underline dark:hover:text-brand-300">
                {common('nav.legal')}
              </a>
              <button
                type="button"
                onClick={() => showConsentBanner('settings')}
                className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
              >
                {common('nav.cookieSettings')}
              </button>
            </div>
          </div>
        </footer>
      </div>
    </LinkWordsContext>
  );
}
