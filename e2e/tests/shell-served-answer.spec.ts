import type { Page } from '@playwright/test';
import { seededCustomer, signInCustomerThroughApi, storedCustomer } from '../support/customers';
import { expect, test } from '../support/fixtures';
import { seedMerchantWithNest, storedAccount } from '../support/merchants';

/**
 * A page of a signed-in area arrives with its guard's first answer written in by the server (ADR 206):
 * the first load asks nothing the server already answered, the next navigation asks again. The
 * dashboard and the overview at their plain address arrive painted with all their data (ADR 209,
 * shell-app-pages-painted.spec.ts); with another parameter they are not painted, and are what this
 * file tests.
 */

/** The paths of the page's calls to the API, as they leave. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

test('the dashboard’s first load takes the merchant from the page; the next page asks the server', async ({
  page,
  consoleErrors,
}) => {
  const merchant = await seedMerchantWithNest(page);
  const calls = apiCalls(page);
  await page.goto('/admin/app/dashboard?from=email');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  // The page's own calls left at once, with the merchant's id the page arrived with.
  await expect.poll(() => calls).toContain(`/api/v1/users/${merchant.id}/stripe/summary`);
  expect(calls).not.toContain('/api/v1/users/me');
  // The app took it as it takes the API's answer: the tab's stored account is the merchant.
  expect(await storedAccount(page)).toMatchObject({ id: merchant.id, email: merchant.email });

  await page.getByRole('link', { name: 'Prices' }).click();
  await expect(page).toHaveURL('/admin/app/prices');
  await expect.poll(() => calls.filter((call) => call === '/api/v1/users/me')).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test('the overview’s first load takes the customer from the page and shows the pass', async ({
  page,
  consoleErrors,
}) => {
  const { email, subscriptionId } = await seededCustomer(page.request);
  await signInCustomerThroughApi(page.request, email);
  const calls = apiCalls(page);
  await page.goto('/client/app/overview?from=email');
  await expect(page.getByRole('img', { name: /^Pass QR code for/ })).toBeVisible();
  expect(calls).toContain(`/api/v1/nest-customers/me/subscriptions/${subscriptionId}/pass`);
  expect(calls).not.toContain('/api/v1/nest-customers/me');
  expect(await storedCustomer(page)).toContain(email);

  // A reload is a new page, which arrives with the server's answer again.
  await page.reload();
  await expect(page.getByRole('img', { name: /^Pass QR code for/ })).toBeVisible();
  expect(calls).not.toContain('/api/v1/nest-customers/me');
  expect(consoleErrors).toEqual([]);
});
