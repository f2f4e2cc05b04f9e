import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { withChunkReload } from '@/lib/chunk-reload';
import { PageNotFoundError } from '@/lib/fatal-error';
import { loadNamespaces } from '@/lib/i18n/i18n';
import type { Namespace } from '@/lib/i18n/namespaces';
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

/** The login, signup and password pages, and the layouts that carry the logout button. */
const auth = (load: () => Promise<object>) => lazyRoute(load, 'admin', 'auth');
const client = (load: () => Promise<object>) => lazyRoute(load, 'customers');

/**
 * The merchant guards (spec §4, features/auth/guards): downloaded with the merchant area, never with
 * the first page. /admin sends a signed-in merchant to the dashboard and others to the login page.
 */
const merchantGuards = withChunkReload(() => import('@/features/auth/guards/merchant-loaders'));
const adminEntryLoader = async () => (await merchantGuards()).merchantEntryLoader();
const merchantAppLoader = async ({ request }: LoaderFunctionArgs) =>
  (await merchantGuards()).merchantAppLoader(request);
const merchantSessionLoader = async () => (await merchantGuards()).merchantSessionLoader();
/**
 * The customer guard (spec §4, features/customers/guards): downloaded with the customer area. It
 * guards the client-w-centered layout, which holds every /client/app page except the success page
 * (ADR 065, 082: the checkout session id proves that purchase, no session needed).
 */
const customerGuards = withChunkReload(() => import('@/features/customers/guards/customer-loaders'));
const customerAppLoader = async ({ request }: LoaderFunctionArgs) =>
  (await customerGuards()).customerAppLoader(request);
/** The guards run again on every page change inside their area, like the spec's route middleware. */
const guardEveryPage: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

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
                lazy: lazyRoute(() => import('./routes/links/link-route'), 'checkout'),
              },
            ],
          },
          { path: paths.notFound.path, Component: NotFoundRoute },
          { path: paths.links.notFound.path, Component: NotFoundRoute },
          // Never rendered (the loader redirects); a component keeps React Router from warning about an empty leaf.
          { path: paths.admin.root.path, loader: adminEntryLoader, Component: ShellFallback },
          {
            id: layoutIds.adminCentered,
            lazy: auth(() => import('./layouts/admin-centered-layout')),
            children: [
              { path: paths.admin.login.path, lazy: auth(() => import('./routes/admin/login-route')) },
              { path: paths.admin.signup.path, lazy: auth(() => import('./routes/admin/signup-route')) },
              {
                path: paths.admin.pricing.path,
                lazy: lazyRoute(() => import('./routes/admin/pricing-route'), 'admin', 'plans'),
              },
              // Not in the spec's table: the password reset the login page links to (ADR 018).
              {
                path: paths.admin.forgotPassword.path,
                lazy: auth(() => import('./routes/admin/forgot-password-route')),
              },
              {
                path: paths.admin.resetPassword.path,
                lazy: auth(() => import('./routes/admin/reset-password-route')),
              },
            ],
          },
          {
            id: layoutIds.adminWithSidebar,
            loader: merchantAppLoader,
            shouldRevalidate: guardEveryPage,
            lazy: auth(() => import('./layouts/admin-with-sidebar-layout')),
            children: [
              {
                path: paths.admin.app.account.path,
                lazy: lazyRoute(
                  () => import('./routes/admin/account-route'),
                  'admin',
                  'merchants',
                  'auth',
                  'plans',
                  'nests',
                  'payouts',
                  'receipts',
                  'api-keys',
                  'webhooks',
                ),
              },
              {
                path: paths.admin.app.customers.path,
                lazy: lazyRoute(
                  () => import('./routes/admin/customers-route'),
                  'admin',
                  'merchant-customers',
                  'revenue',
                  'receipts',
                ),
              },
              {
                path: paths.admin.app.dashboard.path,
                lazy: lazyRoute(
                  () => import('./routes/admin/dashboard-route'),
                  'admin',
                  'events',
                  'payouts',
                  'plans',
                  'revenue',
                ),
              },
              {
                path: paths.admin.app.transactions.path,
                lazy: lazyRoute(() => import('./routes/admin/transactions-route'), 'admin', 'revenue'),
              },
              {
                path: paths.admin.app.links.path,
                lazy: lazyRoute(() => import('./routes/admin/links-route'), 'admin', 'links', 'payouts'),
              },
              {
                path: paths.admin.app.prices.path,
                lazy: lazyRoute(
                  () => import('./routes/admin/offers-route'),
                  'admin',
                  'offers',
                  'payouts',
                  'links',
                ),
              },
              {
                path: paths.admin.app.events.path,
                lazy: lazyRoute(() => import('./routes/admin/events-route'), 'admin', 'events', 'plans'),
              },
              {
                path: paths.admin.app.verify.path,
                lazy: lazyRoute(() => import('./routes/admin/verification-route'), 'admin', 'verification'),
              },
            ],
          },
          {
            id: layoutIds.adminWCentered,
            loader: merchantSessionLoader,
            shouldRevalidate: guardEveryPage,
            lazy: auth(() => import('./layouts/admin-w-centered-layout')),
            children: [
              {
                path: paths.admin.onboarding.createNest.path,
                lazy: lazyRoute(
                  () => import('./routes/admin/create-nest-route'),
                  'admin',
                  'nests',
                  'payouts',
                ),
              },
              {
                path: paths.admin.onboarding.paymentRecover.path,
                lazy: lazyRoute(() => import('./routes/admin/payment-recover-route'), 'admin', 'plans'),
              },
              {
                path: paths.admin.onboarding.paymentSuccess.path,
                lazy: lazyRoute(() => import('./routes/admin/payment-success-route'), 'admin', 'plans'),
              },
              {
                path: paths.admin.onboarding.stripeConnectRefresh.path,
                lazy: lazyRoute(
                  () => import('./routes/admin/stripe-connect-refresh-route'),
                  'admin',
                  'payouts',
                ),
              },
              {
                path: paths.admin.onboarding.stripeConnectReturn.path,
                lazy: lazyRoute(
                  () => import('./routes/admin/stripe-connect-return-route'),
                  'admin',
                  'payouts',
                ),
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
                lazy: lazyRoute(
                  () => import('./routes/client/subscription-success-route'),
                  'customers',
                  'checkout',
                ),
              },
            ],
          },
          {
            id: layoutIds.clientWCentered,
            loader: customerAppLoader,
            shouldRevalidate: guardEveryPage,
            lazy: client(() => import('./layouts/client-w-centered-layout')),
            children: [
              {
                path: paths.client.app.overview.path,
                // With the QR library: the pass the server painted (ADR 209) is drawn in the first render.
                lazy: lazyRoute(
                  () =>
                    import('./routes/client/overview-route').then(async (module) => {
                      await module.qrLibraryReady;
                      return module;
                    }),
                  'customers',
                  'subscriptions',
                  'events',
                  'checkout',
                  'receipts',
                ),
              },
            ],
          },
          { path: '*', loader: unknownRouteLoader, Component: NotFoundRoute },
        ],
      },
    ],
  },
];
