import type { APIRequestContext, Browser, BrowserContextOptions } from '@playwright/test';
import { expect, phone, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { cards } from '../support/sandbox';

/**
 * The merchant sees who subscribed (the customers screen: search, status filter) and what it brought
 * this month (the dashboard: revenue against the plan's limit, the 80 % warning and the 100 % pause).
 */

/** A named customer subscribes and pays through the link's API and the sandbox's page form. */
async function subscribe(
  request: APIRequestContext,
  nestLinkId: string,
  customer: { name: string; email: string },
) {
  const page = await request.get(`/api/v1/public/links/${nestLinkId}`);
  expect(page.ok()).toBe(true);
  const checkout = await request.post(`/api/v1/public/links/${nestLinkId}/checkout`, {
    data: { ...customer, price_version_id: (await page.json()).price_version_id },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const paid = await request.post((await checkout.json()).url, {
    form: { card_number: cards.succeeds, card_expiry: '12 / 34', card_cvc: '123', card_name: customer.name },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

/** Waits for the webhooks: the merchant's nest has this many live subscribers. */
async function untilSubscribers(request: APIRequestContext, count: number) {
  await expect
    .poll(async () => (await (await request.get('/api/v1/revenue/current')).json()).active_subscribers, {
      timeout: 20_000,
    })
    .toBe(count);
}

async function merchantContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  return { context, request: context.request };
}

test('the merchant finds their subscribers, narrows them by search and status, and sees the month’s revenue', async ({
  browser,
}) => {
  const { context, request } = await merchantContext(browser, { locale: 'en-US' });
  const { offer } = await sellingMerchant(request, { plan: 'pro' });
  const link = await createLink(request, offer.id, 'Counter');
  const alice = { name: 'Alice Martin', email: uniqueEmail('alice') };
  const bruno = { name: 'Bruno Keller', email: uniqueEmail('bruno') };
  await subscribe(request, link.nest_link_id, alice);
  await subscribe(request, link.nest_link_id, bruno);
  await untilSubscribers(request, 2);

  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/admin/app/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Customers' });
  const cards = list.locator(':scope > li');
  await expect(cards).toHaveCount(2);
  const aliceCard = list
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Alice Martin' }) });
  await expect(aliceCard).toContainText(alice.email);
  await expect(aliceCard).toContainText('Coffee club');
  await expect(aliceCard).toContainText('Active');
  await expect(aliceCard).toContainText('€12.00 / month');
  await expect(aliceCard).toContainText('Via the “Counter” link');
  await expect(aliceCard).toContainText(/Renews on /);
  await expect(aliceCard).toContainText('Paid in total: €12.00');

  // Search, from the keyboard: typing narrows the list once the typing pauses.
  const search = page.getByLabel('Search customers');
  await search.focus();
  await page.keyboard.type('BRUNO');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Bruno Keller');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Subscription status')).toBeFocused();

  await page.getByLabel('Subscription status').selectOption({ label: 'Cancelled' });
  await expect(page.getByText('No customer matches this search.')).toBeVisible();
  await page.getByLabel('Subscription status').selectOption({ label: 'Active' });
  await search.fill('');
  await expect(cards).toHaveCount(2);

  await page.goto('/admin/app/dashboard');
  await expect(page.getByTestId('month-revenue')).toHaveText('€24.00');
  const progress = page.getByRole('progressbar', { name: 'Share of your plan’s monthly revenue limit' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('active-subscribers')).toHaveText('2');
  await expect(page.locator('[data-revenue-banner]')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a merchant with no subscriber yet is pointed to the links; Enterprise has no limit (phone, dark)', async ({
  browser,
}) => {
  const { context, request } = await merchantContext(browser, {
    ...phone,
    colorScheme: 'dark',
    locale: 'en-US',
  });
  await sellingMerchant(request, { plan: 'enterprise', payouts: false });
  const page = await context.newPage();
  await page.goto('/admin/app/dashboard');
  // The payouts banner stays first.
  await expect(page.locator('main section').first()).toHaveAttribute(
    'aria-labelledby',
    'payouts-banner-title',
  );
  await expect(page.getByTestId('month-revenue')).toHaveText('€0.00');
  await expect(page.getByText('no monthly limit on your plan')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  await page.goto('/admin/app/customers');
  await expect(page.getByText('No subscribers yet')).toBeVisible();
  await page.getByRole('link', { name: 'Go to links' }).click();
  await expect(page).toHaveURL(/\/admin\/app\/links$/);
  await context.close();
});

test('a Starter merchant above 80 % of the monthly limit is warned, and pointed to the plan', async ({
  browser,
}) => {
  const { context, request } = await merchantContext(browser, { locale: 'en-US' });
  // Starter: 2,500 € a month. One subscriber paying 2,100 € is 84 %.
  const { offer } = await sellingMerchant(request, { plan: 'starter', offer: { amount_cents: 210_000 } });
  const link = await createLink(request, offer.id);
  await subscribe(request, link.nest_link_id, { name: 'Chloé Petit', email: uniqueEmail('chloe') });
  await untilSubscribers(request, 1);

  const page = await context.newPage();
  await page.goto('/admin/app/dashboard');
  const banner = page.locator('[data-revenue-banner="warning"]');
  await expect(banner).toContainText('You have used 84% of your plan’s monthly revenue limit.');
  await expect(banner).toContainText('new subscriptions through your links pause until next month');
  await expect(
    page.getByRole('progressbar', { name: 'Share of your plan’s monthly revenue limit' }),
  ).toHaveAttribute('aria-valuenow', '84');
  await banner.getByRole('link', { name: 'Upgrade my plan' }).click();
  await expect(page).toHaveURL(/\/admin\/app\/account#plan$/);
  await context.close();
});

test('at 100 % the French dashboard says new subscriptions are paused and renewals continue (phone)', async ({
  browser,
}) => {
  const { context, request } = await merchantContext(browser, { ...phone, locale: 'fr-FR' });
  const { offer } = await sellingMerchant(request, { plan: 'starter', offer: { amount_cents: 250_000 } });
  const link = await createLink(request, offer.id);
  await subscribe(request, link.nest_link_id, { name: 'Denis Roux', email: uniqueEmail('denis') });
  await untilSubscribers(request, 1);

  const page = await context.newPage();
  await page.goto('/admin/app/dashboard');
  const banner = page.locator('[data-revenue-banner="reached"]');
  await expect(
    banner.getByRole('heading', { name: 'Les nouveaux abonnements sont suspendus' }),
  ).toBeVisible();
  await expect(banner).toContainText('Les renouvellements de vos abonnés continuent.');
  await expect(banner.getByRole('link', { name: 'Changer de formule' })).toHaveAttribute(
    'href',
    '/admin/app/account#plan',
  );
  await expect(page.getByTestId('month-revenue')).toHaveText(/2\s500,00\s€/);

  await page.goto('/admin/app/customers');
  await expect(page.getByRole('heading', { name: 'Denis Roux' })).toBeVisible();
  await expect(page.getByText('Par le lien « Counter »')).toBeVisible();
  await context.close();
});
