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

type ShiftWindow = { nestLayoutShift: number };

/** Adds up the page's layout shifts from its first byte (read with `layoutShift`). */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as ShiftWindow;
    w.nestLayoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[])
        w.nestLayoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Counts the layout shifts from now on only. */
export function resetLayoutShift(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as ShiftWindow).nestLayoutShift = 0;
  });
}

/** The layout shifts added up since the page started, or since the last `resetLayoutShift`. */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ShiftWindow).nestLayoutShift);
}
