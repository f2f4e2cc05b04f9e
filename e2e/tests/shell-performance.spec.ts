import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';

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

test('a link page downloads its own small script, none of the app, and paints without asking the API', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request);
  const link = await createLink(merchant.request, offer.id);
  await merchant.close();
  const apiReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/public/links/')) apiReads.push(request.url());
  });
  const scripts = await scriptsOf(page, `/links/${link.nest_link_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(offer.name);
  const names = [...scripts.keys()];
  // The standalone link page (docs/decisions/077): one script of its own, nothing of the app.
  expect(names.filter((n) => !n.startsWith('/assets/links-'))).toEqual(['/color-mode.js']);
  expect(names.some((n) => n.startsWith('/assets/posthog-'))).toBe(false);
  // The server wrote the link's data into the page: no API round trip, and one visit, not two.
  expect(apiReads).toEqual([]);
  const totalKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
  // The budget for the first load of a link page: 120 KB of gzipped JavaScript.
  expect(totalKb).toBeLessThan(120);
  expect(consoleErrors).toEqual([]);
});

test('the landing page does not download the merchant area either', async ({ page }) => {
  const scripts = await scriptsOf(page, '/');
  expect([...scripts.keys()].filter((n) => /^\/assets\/(admin|client|links)-/.test(n))).toEqual([]);
});
