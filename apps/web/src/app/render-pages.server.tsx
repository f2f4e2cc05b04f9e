import type { Locale } from '@nest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PageTransition } from '@/components/layout/page-transition';
import { SkipLink } from '@/components/layout/skip-link';
import type { Namespace } from '@/lib/i18n/namespaces';
import { AdminCenteredLayout } from './layouts/admin-centered-layout';
import { ClientCenteredLayout } from './layouts/client-centered-layout';
import { DefaultLayout } from './layouts/default-layout';
import { paths } from './paths';
import { Component as AdminLoginRoute } from './routes/admin/login-route';
import { Component as ClientLoginRoute } from './routes/client/login-route';
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

interface PaintedPage {
  Layout: ComponentType;
  Page: ComponentType;
  /** The catalogues it reads: those its route loads (routes.tsx), `common` first. */
  namespaces: readonly Namespace[];
}

/** The pages that arrive painted, each in the layout the app puts it in (routes.tsx). */
const PAINTED_PAGES: Record<string, PaintedPage> = {
  [paths.home.getHref()]: {
    Layout: DefaultLayout,
    Page: LandingRoute,
    namespaces: ['common', 'landing', 'plans'],
  },
  [paths.admin.login.getHref()]: {
    Layout: AdminCenteredLayout,
    Page: AdminLoginRoute,
    namespaces: ['common', 'admin', 'auth'],
  },
  [paths.client.login.getHref()]: {
    Layout: ClientCenteredLayout,
    Page: ClientLoginRoute,
    namespaces: ['common', 'customers'],
  },
};

/** Each painted page's address, with the catalogues its render needs. */
export const paintedPages: Record<string, readonly Namespace[]> = Object.fromEntries(
  Object.entries(PAINTED_PAGES).map(([pathname, page]) => [pathname, page.namespaces]),
);

/**
 * A page that arrives painted (the landing, the two login pages: ADR 203, 205) as the app renders it
 * on its first paint, as HTML, at build time: the same components, words (catalogues by namespace) and
 * classes, through a data router as the app's (layouts read its matches), with the queries still
 * loading as they are on a first visit (the landing's prices). Built by Vite as a server module
 * (build/page-renderer.ts) and written into #root, so the browser paints the page before any
 * JavaScript; the app then adopts that markup as its first render (main.tsx). What it renders must
 * stay what the app renders first, or the adoption fails: shell-landing-painted, shell-login-painted.
 */
export async function renderPage(
  pathname: string,
  locale: Locale,
  words: Record<string, Record<string, unknown>>,
): Promise<string> {
  const painted = PAINTED_PAGES[pathname];
  if (!painted) throw new Error(`${pathname} is not a painted page`);
  const { Layout, Page } = painted;
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
  const handler = createStaticHandler([
    { Component: Shell, children: [{ Component: Layout, children: [{ path: pathname, Component: Page }] }] },
  ]);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} at build time`);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
