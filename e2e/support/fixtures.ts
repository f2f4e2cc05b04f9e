import { randomUUID } from 'node:crypto';
import { type BrowserContext, test as base, type ConsoleMessage, expect, type Page } from '@playwright/test';

export interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
}

/** Every console error and uncaught page error of `page` from now on (a page of a context a test made itself). */
export function collectConsoleErrors(page: Page): ConsoleEntry[] {
  const errors: ConsoleEntry[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error')
      errors.push({ type: 'error', text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => errors.push({ type: 'pageerror', text: error.message, url: '' }));
  return errors;
}

/**
 * Pages arrive painted before the app's code runs (the landing and the login pages at build time, ADR
 * 203; the dashboard and the overview per request, ADR 209): `goto` and `reload` (waiting for `load`,
 * the default) also wait for the app to have taken the painted page over, so a test never presses a
 * button the app does not handle yet. A test that looks at the painted page itself asks for an earlier
 * state (`waitUntil: 'domcontentloaded'` or 'commit'); one that blocks the app's entry is not kept
 * waiting.
 */
function waitForTheApp(page: Page): void {
  let entryFailed = () => {};
  const noApp = new Promise<void>((resolve) => {
    entryFailed = resolve;
  });
  page.on('requestfailed', (request) => {
    if (/\/assets\/index-[^/]+\.js$/.test(request.url())) entryFailed();
  });
  const appTookOver = () =>
    Promise.race([
      page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered')),
      noApp,
    ]);
  const waitsForApp = (options?: { waitUntil?: string }) =>
    !options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle';
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (waitsForApp(options)) await appTookOver();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (waitsForApp(options)) await appTookOver();
    return response;
  };
}

const waitingContexts = new WeakSet<BrowserContext>();

/**
 * `waitForTheApp` on every page `context` has and will have (the `page` event comes for each, those of
 * `newPage()` included, before the call answers), once per context.
 */
function waitForTheAppOnEveryPage(context: BrowserContext): BrowserContext {
  if (waitingContexts.has(context)) return context;
  waitingContexts.add(context);
  for (const page of context.pages()) waitForTheApp(page);
  context.on('page', waitForTheApp);
  return context;
}

/**
 * `consoleErrors`: every console error and uncaught page error of the test's page, so a test can
 * assert "no console errors" (or the one it expects).
 * `consoleWarnings`: the console warnings, for the behaviours that warn on purpose.
 */
export const test = base.extend<{ consoleErrors: ConsoleEntry[]; consoleWarnings: ConsoleEntry[] }>({
  // Each test is a visitor of its own, from an address of its own (the test server trusts
  // X-Forwarded-For like a server behind a proxy): per-address limits (30 checkouts in 10 minutes, 20
  // sign-in codes in 15) then count each test apart, as they count each real phone apart, instead of
  // the whole suite coming from 127.0.0.1.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use) => {
    const hex = randomUUID().replace(/-/g, '').slice(0, 20);
    await use({ 'x-forwarded-for': `2001:db8:e2e:${hex.match(/.{4}/g)!.join(':')}` });
  },
  // Every page of every context, the test's own and those a test makes (`browser.newContext()`), waits
  // for the app to take a painted page over (waitForTheApp).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => waitForTheAppOnEveryPage(await newContext(options));
      await use(browser);
    },
    { scope: 'worker' },
  ],
  // The test's own context (and so its `page`), whichever way Playwright made it.
  context: async ({ context }, use) => {
    await use(waitForTheAppOnEveryPage(context));
  },
  consoleErrors: async ({ page }, use) => {
    await use(collectConsoleErrors(page));
  },
  consoleWarnings: async ({ page }, use) => {
    const warnings: ConsoleEntry[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning')
        warnings.push({ type: 'warning', text: message.text(), url: message.location().url });
    });
    await use(warnings);
  },
});

export { expect };

/** A phone: small touch screen. */
export const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** True when nothing sticks out sideways (a phone layout must never scroll horizontally). */
export async function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Days between now and a cookie's expiry (Playwright gives seconds since the epoch). */
export function daysUntil(expiresSeconds: number): number {
  return (expiresSeconds * 1000 - Date.now()) / 86_400_000;
}
