import { useEffect } from 'react';

/**
 * Makes the verify screen installable (ADR 186): while it is open, the page's manifest is the
 * counter's, and its service worker (scope `/admin/app/verify`, nothing else) keeps the files this
 * screen loaded. Production builds only: the development server's modules are not worth keeping.
 */
export function useInstallableCounter() {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const previous = link?.getAttribute('href') ?? null;
    link?.setAttribute('href', '/verify.webmanifest');
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      void navigator.serviceWorker
        .register('/verify-sw.js', { scope: '/admin/app/verify' })
        .then(() => navigator.serviceWorker.ready)
        .then((registration) => {
          const urls = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => new URL(name).origin === location.origin);
          registration.active?.postMessage({ type: 'keep', urls });
        })
        .catch(() => undefined);
    }
    return () => {
      if (link && previous) link.setAttribute('href', previous);
    };
  }, []);
}
