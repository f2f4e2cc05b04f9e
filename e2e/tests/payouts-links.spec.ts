import { unexpectedErrors } from '../support/console-errors';
import { expect, test } from '../support/fixtures';
import { seedMerchant, uniqueEmail } from '../support/merchants';
import { createNest } from '../support/nests';
import { apiFromPage } from '../support/page-api';
import { completeSandboxOnboarding } from '../support/payouts';

test('a hostile refresh address shows an error and never leaves the site', async ({
  page,
  consoleErrors,
}) => {
  await seedMerchant(page, 'not-onboarded', { email: uniqueEmail('hostile') });
  await createNest(page);
  const offSite: string[] = [];
  await page.route('https://evil.example/**', (route) => {
    offSite.push(route.request().url());
    return route.abort();
  });
  const payoutCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/payout-accounts/')) payoutCalls.push(request.url());
  });

  await page.goto(
    '/admin/onboarding/stripe-connect/refresh/acct_of_someone_else?redirect=https://evil.example',
  );
  await expect(page.getByRole('alert')).toContainText('This payout account is not yours');
  await expect(page.getByRole('alert')).toContainText('Nothing was changed.');
  // Give a redirect every chance to happen, then check it did not.
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(
    '/admin/onboarding/stripe-connect/refresh/acct_of_someone_else?redirect=https://evil.example',
  );
  expect(offSite).toEqual([]);
  // The address's redirect target was never even sent to the API.
  expect(payoutCalls).toEqual([
    `${new URL(page.url()).origin}/api/v1/payout-accounts/acct_of_someone_else/link`,
  ]);
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL('/admin/app/dashboard');
  expect(unexpectedErrors(consoleErrors, [404])).toEqual([]);
});

test('the return and refresh pages refuse another merchant’s real payout account', async ({
  page,
  browser,
}) => {
  // Merchant A starts payouts: a real connected account exists at the provider.
  await seedMerchant(page, 'not-onboarded', { email: uniqueEmail('owner') });
  await createNest(page, { name: 'Owner’s nest' });
  await apiFromPage(page, 'POST', '/api/v1/nests/me/payout-account');
  const account = await apiFromPage<{ account_id: string }>(page, 'GET', '/api/v1/nests/me/payout-account');
  const accountId = account.body.account_id;
  expect(accountId).toBeTruthy();

  // Merchant B, in a browser of their own, follows A's return and refresh addresses.
  const other = await browser.newContext();
  const intruder = await other.newPage();
  await seedMerchant(intruder, 'not-onboarded', { email: uniqueEmail('intruder') });
  await createNest(intruder, { name: 'Intruder’s nest' });

  await intruder.goto(`/admin/onboarding/stripe-connect/return/${accountId}`);
  await expect(intruder.getByRole('alert')).toContainText('This payout account is not yours');
  await expect(intruder.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  await intruder.goto(`/admin/onboarding/stripe-connect/refresh/${accountId}`);
  await expect(intruder.getByRole('alert')).toContainText('This payout account is not yours');
  await expect(intruder).toHaveURL(`/admin/onboarding/stripe-connect/refresh/${accountId}`);
  await other.close();

  // Nothing of A's account moved.
  const after = await apiFromPage<{ status: string }>(page, 'GET', '/api/v1/nests/me/payout-account');
  expect(after.body.status).toBe('pending');
});

test('an expired onboarding link goes through the refresh page, which mints a fresh one and goes back to the provider', async ({
  page,
  consoleErrors,
}) => {
  await seedMerchant(page, 'not-onboarded', { email: uniqueEmail('expired') });
  await createNest(page);
  const first = await apiFromPage<{ url: string }>(page, 'POST', '/api/v1/nests/me/payout-account');
  // A newer link replaces the first one, which then behaves like an expired link.
  await apiFromPage(page, 'POST', '/api/v1/nests/me/payout-account');

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto(first.body.url);
  await expect(page).toHaveURL(/\/sandbox\/connect\/[^/]+\?link=/);
  expect(page.url()).not.toBe(first.body.url);
  expect(visited.some((path) => path.startsWith('/admin/onboarding/stripe-connect/refresh/'))).toBe(true);

  await completeSandboxOnboarding(page);
  await expect(page).toHaveURL(/\/admin\/onboarding\/stripe-connect\/return\//);
  await expect(page.getByRole('status')).toContainText('Payouts are on');
  // Back from the provider never lands on the refresh page again (it was replaced in the history).
  expect(consoleErrors).toEqual([]);
});

test('a merchant who left the provider’s page half-way is told so and can continue', async ({ page }) => {
  await seedMerchant(page, 'not-onboarded', { email: uniqueEmail('halfway') });
  await createNest(page);
  await apiFromPage(page, 'POST', '/api/v1/nests/me/payout-account');
  const account = await apiFromPage<{ account_id: string }>(page, 'GET', '/api/v1/nests/me/payout-account');

  await page.goto(`/admin/onboarding/stripe-connect/return/${account.body.account_id}`);
  await expect(page.getByRole('heading', { name: 'Payout setup is not finished' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue payout setup' }).click();
  await completeSandboxOnboarding(page);
  await expect(page.getByRole('heading', { name: 'Payouts are on' })).toBeVisible();
});
