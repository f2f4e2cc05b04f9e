import { randomUUID } from 'node:crypto';
import { test as base, type ConsoleMessage, expect, type Page } from '@playwright/test';

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
  // The landing arrives painted before the app's code runs (ADR 203): `goto` and `reload` (waiting
  // for `load`, the default) also wait for the app to have taken that page over, so a test never
  // presses a button the app does not handle yet. A test that looks at the painted page itself asks
  // for an earlier state (`waitUntil: 'domcontentloaded'` or 'commit'); one that blocks the app's
  // entry is not kept waiting.
  page: async ({ page }, use) => {
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
    await use(page);
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
