// A page that arrives painted (the landing, ADR 203; the login pages, ADR 205) asks for the app's scripts only once that paint
// is on screen: the CSS, the font and the hero's picture have the connection to themselves first,
// and the app then replaces the page with the same markup. The build writes the app's entry and the
// modules to preload on this script's tag (build/prerender-pages.ts); a classic script, as the CSP
// allows our own origin only.
(() => {
  const tag = document.currentScript;
  // A painted login form (ADR 205) sent before the app has taken the page over is held, not sent by
  // the browser to the page's address: the app sends it with what was typed once it is there
  // (src/lib/painted-page.ts).
  document.addEventListener(
    'submit',
    (event) => {
      const root = document.getElementById('root');
      if (!root?.hasAttribute('data-prerendered') || !root.contains(event.target)) return;
      event.preventDefault();
      event.target.setAttribute('data-held-submit', '');
    },
    true,
  );
  // A button pressed on a painted page (ADR 209) before the app has taken it over does nothing yet:
  // the press is held, the last one only, and the app presses it again once it is there. A submit
  // button of a form is left to the form's own hold, above; links work as they are.
  document.addEventListener(
    'click',
    (event) => {
      const root = document.getElementById('root');
      if (!root?.hasAttribute('data-prerendered')) return;
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || !root.contains(button) || (button.form && button.type === 'submit')) return;
      event.preventDefault();
      event.stopPropagation();
      for (const held of root.querySelectorAll('[data-held-click]')) held.removeAttribute('data-held-click');
      button.setAttribute('data-held-click', '');
    },
    true,
  );
  const start = () => {
    // One insertion for all of them: the head changes once.
    const elements = document.createDocumentFragment();
    for (const href of (tag.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      elements.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = tag.dataset.app;
    elements.append(script);
    document.head.append(elements);
  };
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  // The first contentful paint's entry is reported once that frame is on screen. A tab opened in the
  // background paints nothing, and a browser without paint timing reports nothing: start at once, or
  // after a second at the latest.
  const paint = 'PerformanceObserver' in window && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState === 'hidden' || !paint) return startOnce();
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    startOnce();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(startOnce, 1000);
})();
