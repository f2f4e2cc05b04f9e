import type { Page } from '@playwright/test';

/**
 * Holds the app's entry script of a page that arrives painted (ADR 203, 205) until the returned
 * function is called: the painted page can be looked at, measured and used before the app adopts it.
 */
export async function holdAppEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
