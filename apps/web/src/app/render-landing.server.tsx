import type { Locale } from '@nest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes, StaticRouter } from 'react-router';
import { PageTransition } from '@/components/layout/page-transition';
import { SkipLink } from '@/components/layout/skip-link';
import { DefaultLayout } from './layouts/default-layout';
import { Component as LandingRoute } from './routes/landing/landing-route';

/** What AppShell puts around a layout at the first render (no toast, no scroll script: they render nothing). */
function Shell() {
  return (
    <>
      <SkipLink />
      <PageTransition />
    </>
  );
}

/**
 * The landing page (/) as the app renders it on its first paint, as HTML, at build time (ADR 203):
 * the same components, words (the `common`, `landing` and `plans` catalogues, by namespace) and
 * classes, with the plans still loading as they are on a first visit.
 * Built by Vite as a server module (build/landing-renderer.ts) and written into #root, so the browser
 * paints the page before any JavaScript; the app then adopts that markup as its first render (main.tsx).
 * What it renders must stay what the app renders first, or the adoption fails: shell-landing-painted.
 */
export function renderLanding(locale: Locale, words: Record<string, Record<string, unknown>>): string {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: locale,
    supportedLngs: [locale],
    resources: { [locale]: words },
    ns: Object.keys(words),
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location="/">
          <Routes>
            <Route element={<Shell />}>
              <Route element={<DefaultLayout />}>
                <Route index element={<LandingRoute />} />
              </Route>
            </Route>
          </Routes>
        </StaticRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
