import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** The JavaScript files a page downloads, with their gzip sizes (what a compressing proxy would send). */
async function scriptsOf(page: Page, path: string) {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(url.pathname, gzipSync(body).length);
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return scripts;
}

test('a link page never downloads the merchant or customer areas, and stays small', async ({ page }) => {
  const scripts = await scriptsOf(page, '/links/Xk3q9Lm2');
  const names = [...scripts.keys()];
  expect(names.some((n) => n.startsWith('/assets/links-'))).toBe(true);
  expect(names.filter((n) => /^\/assets\/(admin|client|landing|legal)-/.test(n))).toEqual([]);
  expect(names.some((n) => n.startsWith('/assets/posthog-'))).toBe(false);
  const totalKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
  // Everything the visit downloads, including the toast area fetched after the first render. React
  // DOM, React Router, i18next and TanStack Query are most of it: see docs/decisions/013 for the budget.
  // The budget is 120 KB and is not met yet (docs/decisions/013 and 075).
  expect(totalKb).toBeLessThan(170);
});

test('the landing page does not download the merchant area either', async ({ page }) => {
  const scripts = await scriptsOf(page, '/');
  expect([...scripts.keys()].filter((n) => /^\/assets\/(admin|client|links)-/.test(n))).toEqual([]);
});
