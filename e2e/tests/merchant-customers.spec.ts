import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { merchantContext, subscribe, untilSubscribers } from '../support/subscribers';

/**
 * The merchant sees who subscribed (the customers screen: search, status filter) and what it brought
 * this month. The dashboard's limits are in revenue-dashboard.spec.ts.
 */

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
