import { randomUUID } from 'node:crypto';
import { test as base, type ConsoleMessage, expect, type Page } from '@playwright/test';

export interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
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
  consoleErrors: async ({ page }, use) => {
    const errors: ConsoleEntry[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error')
        errors.push({ type: 'error', text: message.text(), url: message.location().url });
    };
    page.on('console', onConsole);
    page.on('pageerror', (error) => errors.push({ type: 'pageerror', text: error.message, url: '' }));
    await use(errors);
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
