// The standalone public link page, /links/:nestLinkId (ADR 077): its own Vite entry (links.html), so
// a phone opening a QR code downloads Preact (as React DOM) and this page, not the router, i18next,
// TanStack Query or the shell. The single-page app (main.tsx) keeps every other page, /links/404 included.
import { LOCALE_COOKIE } from '@nest/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { capturePageview, startAnalytics } from './lib/analytics/analytics';
import { readCookie } from './lib/cookies';
import { browserLanguages, detectLocale } from './lib/i18n/detect-locale';
import { LinkPageApp, rememberLocale } from './link-page/link-page-app';
import { nestLinkIdOf, readServedLink } from './link-page/served-link';
import './index.css';

const nestLinkId = nestLinkIdOf(window.location.pathname);
// Same rule as the app: the visitor's earlier choice (cookie), then the browser's languages.
const locale = detectLocale(readCookie(LOCALE_COOKIE), browserLanguages());
rememberLocale(locale);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LinkPageApp nestLinkId={nestLinkId} initialLocale={locale} initial={readServedLink(nestLinkId)} />
  </StrictMode>,
);
// Analytics after the first render, when the browser is idle (never on the critical path).
startAnalytics(() => import('./lib/analytics/analytics-loader'));
capturePageview(`${window.location.origin}${window.location.pathname}${window.location.search}`);
