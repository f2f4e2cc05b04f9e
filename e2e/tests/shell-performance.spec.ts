import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { seededCustomer, signInCustomerThroughApi } from '../support/customers';
import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { seedMerchant } from '../support/merchants';

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
  // The standalone link page (docs/decisions/077): one script of its own, nothing of the app (the
  // colour mode is inline, ADR 205).
  expect(names.filter((n) => !n.startsWith('/assets/links-'))).toEqual([]);
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

/**
 * A first visit (empty cache) of a page: gzipped JavaScript and script requests. `goalKb` is issue 12's
 * budget for the area (150 KB merchant, 120 KB customer); `ceilingKb` is what this test enforces. Since
 * the app runs on Preact's compatibility layer (ADR 204) the framework file is 71 KB instead of 127 KB,
 * and since the overview stopped loading zod and Radix's Dialog (ADR 204, "Then the overview") all four
 * pages meet their goal: the ceiling IS the goal, and so is the script count (15).
 */
interface Budget {
  goalKb: number;
  ceilingKb: number;
  scripts: number;
}
const BUDGETS = {
  merchantLogin: { goalKb: 150, ceilingKb: 150, scripts: 15 },
  merchantDashboard: { goalKb: 150, ceilingKb: 150, scripts: 15 },
  customerLogin: { goalKb: 120, ceilingKb: 120, scripts: 15 },
  // ADR 204: 160.6 KB in 19 scripts with Preact; 116.0 KB in 15 without zod, Radix's Dialog and the sign-in
  // hint's own file.
  customerOverview: { goalKb: 120, ceilingKb: 120, scripts: 15 },
} satisfies Record<string, Budget>;

interface Download {
  path: string;
  gzipKb: number;
  encoding: string;
}

/**
 * Every script a first visit downloads until the page is idle: its gzip size at level 9 (what the
 * build's .gz copy weighs, the budget's unit) and the encoding the server actually sent it with.
 */
async function firstVisitScripts(page: Page, path: string, heading: string): Promise<Download[]> {
  const pending: Array<Promise<Download | null>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return null;
        return {
          path: new URL(response.url()).pathname,
          gzipKb: gzipSync(body, { level: 9 }).length / 1024,
          encoding: (await response.allHeaders())['content-encoding'] ?? 'none',
        };
      })(),
    );
  });
  // The toast area's script comes just after the first render (lazy-toaster.tsx): it counts too, and
  // waiting for it keeps the figure from depending on when the network went idle.
  const toaster = page.waitForResponse((response) => /\/assets\/toaster-[^/]+\.js$/.test(response.url()));
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await toaster;
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((d): d is Download => d !== null);
}

/** One line per script, largest first, then the total against the budget: readable in a failure. */
function report(path: string, downloads: Download[], budget: Budget): string {
  const total = downloads.reduce((sum, d) => sum + d.gzipKb, 0);
  const lines = [...downloads]
    .sort((a, b) => b.gzipKb - a.gzipKb)
    .map((d) => `  ${d.gzipKb.toFixed(1).padStart(6)} KB  ${d.encoding.padEnd(4)}  ${d.path}`);
  return [
    `${path}: ${total.toFixed(1)} KB gzip of JavaScript in ${downloads.length} scripts`,
    `ceiling ${budget.ceilingKb} KB (headroom ${(budget.ceilingKb - total).toFixed(1)} KB), goal ${budget.goalKb} KB (${(total - budget.goalKb).toFixed(1)} KB over), at most ${budget.scripts} scripts`,
    ...lines,
  ].join('\n');
}

async function expectWithinBudget(path: string, downloads: Download[], budget: Budget) {
  const message = report(path, downloads, budget);
  console.info(message);
  const total = downloads.reduce((sum, d) => sum + d.gzipKb, 0);
  expect(total, message).toBeLessThanOrEqual(budget.ceilingKb);
  expect(downloads.length, message).toBeLessThanOrEqual(budget.scripts);
  // Precompressed at build time (.br and .gz next to each file) and sent that way: none goes out raw.
  expect(
    downloads.filter((d) => d.encoding !== 'br').map((d) => d.path),
    message,
  ).toEqual([]);
  // No zod: the contracts' schemas (32 KB, and their building at load) go with the screens that
  // validate a form or parse an answer with them, never with these four (ADR 204, ADR 210).
  expect(
    downloads.filter((d) => /\/assets\/contracts-/.test(d.path)).map((d) => d.path),
    message,
  ).toEqual([]);
}

test.describe('first-visit JavaScript of each area: at most 15 scripts, all precompressed, no growth', () => {
  test('merchant login page', async ({ page }) => {
    const downloads = await firstVisitScripts(page, '/admin/login', 'Login');
    await expectWithinBudget('/admin/login', downloads, BUDGETS.merchantLogin);
  });

  test('customer login page', async ({ page }) => {
    const downloads = await firstVisitScripts(page, '/client/login', 'Login');
    await expectWithinBudget('/client/login', downloads, BUDGETS.customerLogin);
  });

  test('merchant dashboard, signed in', async ({ page }) => {
    // Signed in through the API: the browser's cache is still empty, as on a first visit.
    await seedMerchant(page, 'ready');
    const downloads = await firstVisitScripts(page, '/admin/app/dashboard', 'Dashboard');
    await expectWithinBudget('/admin/app/dashboard', downloads, BUDGETS.merchantDashboard);
  });

  test('customer overview, signed in', async ({ page }) => {
    const { email } = await seededCustomer(page.request);
    await signInCustomerThroughApi(page.request, email);
    const downloads = await firstVisitScripts(page, '/client/app/overview', 'Your subscriptions');
    await expectWithinBudget('/client/app/overview', downloads, BUDGETS.customerOverview);
  });
});
