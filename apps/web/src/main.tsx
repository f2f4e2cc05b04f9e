import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { routes } from './app/routes';
import { startAnalytics } from './lib/analytics/analytics';
import { listenForPreloadErrors, setPendingUrlSource } from './lib/chunk-reload';
import { initI18n } from './lib/i18n/i18n';
import { getAppQueryClient } from './lib/query-client';
import './index.css';

listenForPreloadErrors();
// The shell's words are loaded before the first render, so no page ever shows raw keys.
await initI18n();

const router = createBrowserRouter(routes);
setPendingUrlSource(() => {
  const next = router.state.navigation.location;
  return next ? `${next.pathname}${next.search}${next.hash}` : undefined;
});
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} queryClient={getAppQueryClient()} />
  </StrictMode>,
);
startAnalytics();
