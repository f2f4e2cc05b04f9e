import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** Counts the page's top-level document loads (the first one and every reload). */
function countDocumentLoads(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) counter.count++;
  });
  return counter;
}

test('a merchant-area chunk that fails once (a new version was deployed) reloads the page, which then works', async ({
  page,
  consoleErrors,
}) => {
  let failures = 0;
  await page.route(/\/assets\/admin-[^/]*\.js$/, async (route) => {
    if (failures === 0) {
      failures++;
      return route.fulfill({ status: 404, body: 'gone' });
    }
    return route.continue();
  });
  const loads = countDocumentLoads(page);
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  expect(loads.count).toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem('nest.chunk-reload-at'))).toMatch(/^\d+$/);
  // The one failed download is the browser's own report; nothing else went wrong.
  expect(consoleErrors.filter((e) => !e.text.includes('Failed to load resource'))).toEqual([]);
});

test('a chunk that keeps failing reloads once, then shows the generic error page instead of looping', async ({
  page,
}) => {
  await page.route(/\/assets\/admin-[^/]*\.js$/, (route) =>
    route.fulfill({ status: 503, body: 'unavailable' }),
  );
  const loads = countDocumentLoads(page);
  await page.goto('/admin/app/dashboard');
  const error = page.locator('[data-fatal-error]');
  await expect(error).toHaveAttribute('data-fatal-error', 'generic');
  await expect(error).toHaveAttribute('data-status', '500');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
  await expect(page.getByText('Error 500')).toBeVisible();
  // Well inside the 10-second guard: still exactly one reload.
  await page.waitForTimeout(2_000);
  expect(loads.count).toBe(2);
});

test('the same chunk failing again more than 10 seconds after the last reload is reloaded again', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The last reload happened 11 seconds ago.
  await page.evaluate(() => sessionStorage.setItem('nest.chunk-reload-at', String(Date.now() - 11_000)));
  let failures = 0;
  await page.route(/\/assets\/client-[^/]*\.js$/, async (route) => {
    if (failures++ === 0) return route.abort('connectionreset');
    return route.continue();
  });
  const loads = countDocumentLoads(page);
  await page.getByRole('link', { name: 'I am a customer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  // The reload opened the page the visitor was going to, not the one they were leaving.
  await expect(page).toHaveURL('/client/login');
  expect(loads.count).toBe(1);
});
