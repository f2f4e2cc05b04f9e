import './lib/zod-jitless';
import type { Locale } from '@nest/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/routes';
import { startAnalytics } from './lib/analytics/analytics';
import { listenForPreloadErrors, setPendingUrlSource } from './lib/chunk-reload';
import { COOKIE_SETTINGS_EVENT } from './lib/consent/open-cookie-settings';
import { formatDate } from './lib/dates';
import { i18n, initI18n } from './lib/i18n/i18n';
import { formatMoney } from './lib/money';
import { TakeOver } from './lib/painted-page';
import { keepPaintedQrImages } from './lib/painted-pass-codes';
import { getAppQueryClient } from './lib/query-client';
import { PAINTED_ROOT_ATTRIBUTE, routerReady } from './lib/router-ready';
import { takeServedQueryState } from './lib/served-query-state';
import './index.css';

/** Lets the browser handle what waits (input, a frame) before going on; not slowed in a background tab. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}

listenForPreloadErrors();
// A signed-in page the server painted brings its data (ADR 209): in the cache before anything asks.
takeServedQueryState(getAppQueryClient());
// The shell's words are loaded before the first render, so no page ever shows raw keys. The router
// starts at the same time: the first page's code, its words and its guard's API call download while
// the shell's catalogue does, instead of one after the other (ADR 112).
const i18nReady = initI18n();
const paintedPath = window.location.pathname;
const router = createBrowserRouter(routes);
await i18nReady;
setPendingUrlSource(() => {
  const next = router.state.navigation.location;
  return next ? `${next.pathname}${next.search}${next.hash}` : undefined;
});
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App router={router} queryClient={getAppQueryClient()} />
  </StrictMode>
);
const paintedIn = root.getAttribute(PAINTED_ROOT_ATTRIBUTE);
if (paintedIn !== null) {
  // A page that arrives painted (the landing, ADR 203; the login pages, ADR 205; the dashboard and the
  // customer's overview, with their data, ADR 209) stays until its code and words are here. In the
  // language it was painted in, the app adopts that markup as its own first render (hydration: no node
  // recreated, nothing repainted); in another (a cookie changed meanwhile), it renders its page and
  // swaps it in one commit; never through the empty shell. Preact's `startTransition` runs at once
  // (ADR 204), so the adoption is one task: what can go before it goes in tasks of its own (ADR 211).
  await routerReady(router);
  keepPaintedQrImages(root);
  // The takeover's work in separate tasks, so none is long on a slow phone (the page is on screen, a
  // press meanwhile is held and replayed): the language's money and date formatters, made and kept by
  // the pages' own helpers (the first one loads the locale's data, tens of milliseconds there), then
  // the adoption itself.
  await nextTask();
  formatMoney(0, 'eur', i18n.language as Locale);
  formatDate(new Date(0), i18n.language as Locale);
  await nextTask();
  const tree = <TakeOver root={root}>{app}</TakeOver>;
  // The build painted each page without a query: one the page reads (the customer login's `?email=`
  // or sign-in link) may change its first render, so that page is rendered anew too.
  // A guard that sent the visitor elsewhere meanwhile (a sign-out this tab had not finished) leaves a
  // page the markup is not: that one is rendered anew as well.
  const asPainted =
    paintedIn === i18n.language &&
    router.state.location.pathname === paintedPath &&
    [...new URLSearchParams(window.location.search).keys()].every((k) => k === 'lang');
  startTransition(() => {
    if (asPainted) hydrateRoot(root, tree);
    else createRoot(root).render(tree);
  });
} else {
  createRoot(root).render(app);
}
// Analytics after consent (ADR 170): when idle, the loader reads the stored choice or asks. The
// footers' "Cookie settings" only announce themselves: the same chunk opens the settings.
const consentLoader = () => import('./lib/analytics/analytics-loader');
startAnalytics(consentLoader);
window.addEventListener(
  COOKIE_SETTINGS_EVENT,
  () => void consentLoader().then((m) => m.openConsentSettings()),
);
