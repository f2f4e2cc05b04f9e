import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { withChunkReload } from '@/lib/chunk-reload';
import { PageNotFoundError } from '@/lib/fatal-error';
import { loadNamespaces } from '@/lib/i18n/i18n';
import type { Namespace } from '@/lib/i18n/namespaces';
import { merchantAccount } from '@/lib/session-storage';
import { AppShell, ShellFallback } from './app-shell';
import { layoutIds } from './layout-ids';
import { DefaultLayout } from './layouts/default-layout';
import { paths } from './paths';
import { RouteErrorBoundary } from './route-error-boundary';
import { NotFoundRoute } from './routes/not-found-route';

/**
 * A lazy route module (its `Component`, maybe a `loader`) loaded together with the words of its area.
 * A failed download reloads the page once (see lib/chunk-reload.ts).
 */
function lazyRoute<T>(load: () => Promise<T>, ...ns: Namespace[]) {
  return withChunkReload(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(...ns).catch(() => undefined)]);
    return module;
  });
}

const admin = (load: () => Promise<object>) => lazyRoute(load, 'admin');
const client = (load: () => Promise<object>) => lazyRoute(load, 'client');

/** /admin, the merchant entry: the app for a known merchant, the login page otherwise. */
function adminEntryLoader() {
  return redirect(merchantAccount.get() ? paths.admin.app.dashboard.getHref() : paths.admin.login.getHref());
}

/** Any other address raises a page-not-found error carrying its path (spec §2). */
function unknownRouteLoader({ request }: LoaderFunctionArgs): never {
  throw new PageNotFoundError(new URL(request.url).pathname);
}

/**
 * Every route of the spec (§2), grouped by layout (a layout stays mounted while its pages change);
 * within each group, in the spec's order. Each area is its own lazy chunk, so a link page never
 * downloads the merchant area.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppShell,
    HydrateFallback: ShellFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        id: 'pages',
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            id: layoutIds.default,
            Component: DefaultLayout,
            children: [
              {
                index: true,
                lazy: lazyRoute(() => import('./routes/landing/landing-route'), 'landing', 'plans'),
              },
              {
                path: paths.legal.root.path,
                lazy: lazyRoute(() => import('./routes/legal/legal-index-route'), 'legal'),
              },
              {
                path: paths.legal.document.path,
                lazy: lazyRoute(() => import('./routes/legal/legal-document-route'), 'legal'),
              },
              {
                path: paths.links.link.path,
                lazy: lazyRoute(() => import('./routes/links/link-route'), 'links'),
              },
            ],
          },
          { path: paths.notFound.path, Component: NotFoundRoute },
          { path: paths.links.notFound.path, Component: NotFoundRoute },
          // Never rendered (the loader redirects); a component keeps React Router from warning about an empty leaf.
          { path: paths.admin.root.path, loader: adminEntryLoader, Component: ShellFallback },
          {
            id: layoutIds.adminCentered,
            lazy: admin(() => import('./layouts/admin-centered-layout')),
            children: [
              { path: paths.admin.login.path, lazy: admin(() => import('./routes/admin/login-route')) },
              { path: paths.admin.signup.path, lazy: admin(() => import('./routes/admin/signup-route')) },
              { path: paths.admin.pricing.path, lazy: admin(() => import('./routes/admin/pricing-route')) },
            ],
          },
          {
            id: layoutIds.adminWithSidebar,
            lazy: admin(() => import('./layouts/admin-with-sidebar-layout')),
            children: [
              {
                path: paths.admin.app.account.path,
                lazy: admin(() => import('./routes/admin/account-route')),
              },
              {
                path: paths.admin.app.customers.path,
                lazy: admin(() => import('./routes/admin/customers-route')),
              },
              {
                path: paths.admin.app.dashboard.path,
                lazy: admin(() => import('./routes/admin/dashboard-route')),
              },
              { path: paths.admin.app.links.path, lazy: admin(() => import('./routes/admin/links-route')) },
              { path: paths.admin.app.prices.path, lazy: admin(() => import('./routes/admin/prices-route')) },
              { path: paths.admin.app.verify.path, lazy: admin(() => import('./routes/admin/verify-route')) },
            ],
          },
          {
            id: layoutIds.adminWCentered,
            lazy: admin(() => import('./layouts/admin-w-centered-layout')),
            children: [
              {
                path: paths.admin.onboarding.createNest.path,
                lazy: admin(() => import('./routes/admin/create-nest-route')),
              },
              {
                path: paths.admin.onboarding.paymentRecover.path,
                lazy: admin(() => import('./routes/admin/payment-recover-route')),
              },
              {
                path: paths.admin.onboarding.paymentSuccess.path,
                lazy: admin(() => import('./routes/admin/payment-success-route')),
              },
              {
                path: paths.admin.onboarding.stripeConnectRefresh.path,
                lazy: admin(() => import('./routes/admin/stripe-connect-refresh-route')),
              },
              {
                path: paths.admin.onboarding.stripeConnectReturn.path,
                lazy: admin(() => import('./routes/admin/stripe-connect-return-route')),
              },
            ],
          },
          {
            id: layoutIds.clientCentered,
            lazy: client(() => import('./layouts/client-centered-layout')),
            children: [
              { path: paths.client.login.path, lazy: client(() => import('./routes/client/login-route')) },
              {
                path: paths.client.app.subscriptionSuccess.path,
                lazy: client(() => import('./routes/client/subscription-success-route')),
              },
            ],
          },
          {
            id: layoutIds.clientWCentered,
            lazy: client(() => import('./layouts/client-w-centered-layout')),
            children: [
              {
                path: paths.client.app.overview.path,
                lazy: client(() => import('./routes/client/overview-route')),
              },
            ],
          },
          { path: '*', loader: unknownRouteLoader, Component: NotFoundRoute },
        ],
      },
    ],
  },
];
