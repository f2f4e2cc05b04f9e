import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/routes';
import { startAnalytics } from './lib/analytics/analytics';
import { listenForPreloadErrors, setPendingUrlSource } from './lib/chunk-reload';
import { COOKIE_SETTINGS_EVENT } from './lib/consent/open-cookie-settings';
import { initI18n } from './lib/i18n/i18n';
import { getAppQueryClient } from './lib/query-client';
import './index.css';

listenForPreloadErrors();
// The shell's words are loaded before the first render, so no page ever shows raw keys. The router
// starts at the same time: the first page's code, its words and its guard's API call download while
// the shell's catalogue does, instead of one after the other (ADR 112).
const i18nReady = initI18n();
const router = createBrowserRouter(routes);
await i18nReady;
setPendingUrlSource(() => {
  const next = router.state.navigation.location;
  return next ? `${next.pathname}${next.search}${next.hash}` : undefined;
});
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={getAppQueryClient()} />
  </StrictMode>,
);
// Analytics after consent (ADR 170): when idle, the loader reads the stored choice or asks. The
// footers' "Cookie settings" only announce themselves: the same chunk opens the settings.
const consentLoader = () => import('./lib/analytics/analytics-loader');
startAnalytics(consentLoader);
window.addEventListener(
  COOKIE_SETTINGS_EVENT,
  () => void consentLoader().then((m) => m.openConsentSettings()),
);
