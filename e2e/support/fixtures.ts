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
