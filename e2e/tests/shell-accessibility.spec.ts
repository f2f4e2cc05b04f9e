import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { seededCustomer, signInCustomerThroughApi } from '../support/customers';
import { expect, test } from '../support/fixtures';
import { createLink, payThroughLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';

/** Every screen of the merchant area a selling merchant reaches from the sidebar, and the plan pages. */
const merchantScreens = [
  '/admin/app/dashboard',
  '/admin/app/links',
  '/admin/app/prices',
  '/admin/app/customers',
  '/admin/app/transactions',
  '/admin/app/events',
  '/admin/app/verify',
  '/admin/app/account',
  '/admin/pricing',
  '/admin/forgot-password',
];

/** The violations of a page once it has settled, each line prefixed with where it was found. */
async function violationsOf(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main').first()).toBeVisible();
  return (await axeViolations(page)).map((line) => `${where}: ${line}`);
}

const pages = [
  { path: '/', heading: /./ },
  { path: '/legal', heading: 'Legal' },
  { path: '/legal/documents/privacy-policy', heading: 'Privacy policy' },
  { path: '/legal/documents/cookie-policy', heading: 'Cookie policy' },
  { path: '/admin/login', heading: 'Login' },
  { path: '/admin/signup', heading: /./ },
  { path: '/client/login', heading: 'Login' },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe finds no violation (${colorScheme})`, () => {
    test.use({ colorScheme });
    for (const { path, heading } of pages) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test('the merchant account with its data card, and the customer area with its own', async ({ page }) => {
      const { email } = await seededCustomer(page.request);
      await page.goto('/admin/app/account');
      await expect(page.getByRole('region', { name: 'Your data', exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await signInCustomerThroughApi(page.request, email);
      await page.goto('/client/app/overview');
      await expect(page.getByRole('region', { name: 'Your data', exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no violation on the merchant's screens, the link page, the sandbox checkout and the customer area (${colorScheme})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { offer } = await sellingMerchant(page.request, { offer: { trial_days: 0 } });
    const link = await createLink(page.request, offer.id);
    const found: string[] = [];

    const visitor = await browser.newContext({ colorScheme, locale: 'en-US' });
    const buyer = await visitor.newPage();
    await buyer.goto(link.url);
    found.push(...(await violationsOf(buyer, 'link page')));
    await buyer.getByLabel('Email', { exact: true }).fill(uniqueEmail('axe'));
    await buyer.getByLabel('Your name').fill('Camille Martin');
    await buyer.getByRole('button', { name: /^Subscribe for/ }).click();
    await expect(buyer).toHaveURL(/\/sandbox\/checkout\//);
    found.push(...(await violationsOf(buyer, 'sandbox checkout')));
    await visitor.close();

    const subscribed = await payThroughLink(browser, link.url, { email: uniqueEmail('axe') });
    await subscribed.buyer.emulateMedia({ colorScheme });
    found.push(...(await violationsOf(subscribed.buyer, 'success page')));
    await subscribed.buyer.goto('/client/app/overview');
    found.push(...(await violationsOf(subscribed.buyer, 'customer overview')));
    await subscribed.context.close();

    await page.emulateMedia({ colorScheme });
    for (const path of merchantScreens) {
      await page.goto(path);
      found.push(...(await violationsOf(page, path)));
    }
    expect(found).toEqual([]);
  });
}

test('the check does report a violation (a control)', async ({ page }) => {
  await page.setContent('<html lang="en"><body><main><h1>Form</h1><input type="text"></main></body></html>');
  expect((await axeViolations(page)).some((line) => line.startsWith('label'))).toBe(true);
});
