import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale } from '@nest/contracts';
import {
  type DehydratedState,
  dehydrate,
  type Query,
  QueryClient,
  QueryClientProvider,
  skipToken,
} from '@tanstack/react-query';
import i18next from 'i18next';
import type { ComponentType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PageTransition } from '@/components/layout/page-transition';
import { SkipLink } from '@/components/layout/skip-link';
import { getCurrentMerchantQueryOptions } from '@/features/auth/api/get-current-merchant';
import { merchantAppRedirect } from '@/features/auth/guards/merchant-app-redirect';
import { getCurrentCustomerQueryOptions } from '@/features/customers/api/customer';
import { setRuntimeConfig } from '@/lib/config';
import type { Namespace } from '@/lib/i18n/namespaces';
import { createQueryClient } from '@/lib/query-client';
import { setServerFetchSource } from '@/lib/server-fetch';
import { layoutIds } from './layout-ids';
import { AdminCenteredLayout } from './layouts/admin-centered-layout';
import { AdminWithSidebarLayout } from './layouts/admin-with-sidebar-layout';
import { ClientCenteredLayout } from './layouts/client-centered-layout';
import { ClientWCenteredLayout } from './layouts/client-w-centered-layout';
import { DefaultLayout } from './layouts/default-layout';
import { paths } from './paths';
import { Component as DashboardRoute } from './routes/admin/dashboard-route';
import { Component as AdminLoginRoute } from './routes/admin/login-route';
import { Component as ClientLoginRoute } from './routes/client/login-route';
import { Component as OverviewRoute } from './routes/client/overview-route';
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

/** An i18next instance of its own for one render, with the words already loaded (no backend). */
function i18nFor(locale: Locale, words: Record<string, Record<string, unknown>>) {
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
  return i18n;
}

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
  const i18n = i18nFor(locale, words);
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

/** Every catalogue, bundled into this module: a page painted per request reads its words at once. */
const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function wordsOf(locale: Locale, namespaces: readonly Namespace[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    namespaces.map((ns) => {
      const words = catalogues[`../locales/${locale}/${ns}.json`];
      if (!words) throw new Error(`No "${ns}" catalogue for ${locale}`);
      return [ns, words];
    }),
  );
}

/** The `fetch` of the page being painted now: each render's calls carry its own visitor's cookies. */
const pageCalls = new AsyncLocalStorage<typeof fetch>();
setServerFetchSource(() => pageCalls.getStore());

interface AppPage {
  layoutId: string;
  Layout: ComponentType;
  Page: ComponentType;
  /** The catalogues its layout and route load (routes.tsx), `common` first. */
  namespaces: readonly Namespace[];
  /**
   * The area's guard as the app runs it before the first render (routes.tsx), answered through the
   * page's calls: false when the app would send the visitor elsewhere (nothing is painted then).
   */
  guard(client: QueryClient): Promise<boolean>;
}

/** The signed-in pages painted per request with their data (ADR 209). */
const APP_PAGES: Record<string, AppPage> = {
  [paths.admin.app.dashboard.getHref()]: {
    layoutId: layoutIds.adminWithSidebar,
    Layout: AdminWithSidebarLayout,
    Page: DashboardRoute,
    namespaces: ['common', 'admin', 'auth', 'events', 'payouts', 'plans', 'revenue'],
    async guard(client) {
      const merchant = await client.fetchQuery({ ...getCurrentMerchantQueryOptions(), staleTime: 0 });
      return merchantAppRedirect(merchant) === null;
    },
  },
  [paths.client.app.overview.getHref()]: {
    layoutId: layoutIds.clientWCentered,
    Layout: ClientWCenteredLayout,
    Page: OverviewRoute,
    namespaces: ['common', 'customers', 'subscriptions', 'events', 'checkout', 'receipts'],
    async guard(client) {
      await client.fetchQuery({ ...getCurrentCustomerQueryOptions(), staleTime: 0 });
      return true;
    },
  },
};

/** The signed-in pages the server may paint. */
export const appPages: readonly string[] = Object.keys(APP_PAGES);

/** How many times a page is rendered at most: queries that wait for others (an id) need a second. */
const MAX_RENDERS = 4;

function waitsForData(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  const { queryFn } = query.options;
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return (
    on && queryFn !== skipToken && query.state.status === 'pending' && query.state.fetchStatus === 'idle'
  );
}

export interface PaintedAppPage {
  /** The markup of #root: the app's first render of this page, with its data. */
  html: string;
  /** TanStack Query's state for the app's cache (`hydrate`), so its first render has the same data. */
  state: DehydratedState;
}

/**
 * A signed-in page (the dashboard, the customer's overview) painted for one visitor (ADR 209): the
 * area's guard, then the page rendered, its pending queries answered through `fetch` (the API itself,
 * with the visitor's cookies), and rendered again until nothing waits. Null when the app would do
 * something else first (a guard's redirect) or a call failed: the page then goes out unpainted, as
 * before, and the app asks for itself.
 */
export async function renderAppPage(
  pathname: string,
  locale: Locale,
  fetch: typeof globalThis.fetch,
  /** The runtime configuration the API writes into its pages (`<meta name="nest-config">`). */
  config: Record<string, unknown>,
): Promise<PaintedAppPage | null> {
  const page = APP_PAGES[pathname];
  if (!page) return null;
  setRuntimeConfig(config);
  return pageCalls.run(fetch, async () => {
    const client = createQueryClient();
    try {
      if (!(await page.guard(client).catch(() => false))) return null;
      const i18n = i18nFor(locale, wordsOf(locale, page.namespaces));
      const { Layout, Page } = page;
      const handler = createStaticHandler([
        {
          Component: Shell,
          children: [
            { id: page.layoutId, Component: Layout, children: [{ path: pathname, Component: Page }] },
          ],
        },
      ]);
      const context = await handler.query(new Request(`http://localhost${pathname}`));
      if (context instanceof Response) return null;
      const tree = (): ReactElement => (
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={client}>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </QueryClientProvider>
        </I18nextProvider>
      );
      for (let render = 1; ; render++) {
        const html = renderToString(tree());
        const queries = client.getQueryCache().getAll();
        if (queries.some((query) => query.state.status === 'error')) return null;
        const waiting = queries.filter(waitsForData);
        if (waiting.length === 0) return { html, state: dehydrate(client) };
        if (render === MAX_RENDERS) return null;
        await Promise.all(
          waiting.map((query) => client.prefetchQuery({ ...query.options, queryKey: query.queryKey })),
        );
      }
    } finally {
      client.clear();
    }
  });
}
