import type { DataRouter } from 'react-router';

/**
 * On the app's root of a page that arrives painted (the landing, ADR 203; written by the build's
 * prerendering), with the language it was painted in: the app waits for that page's code before its
 * first render, and drops the mark once its own page is on screen.
 */
export const PAINTED_ROOT_ATTRIBUTE = 'data-prerendered';

/** Settles once the router has loaded what its first page needs (lazy route code, loaders). */
export function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
