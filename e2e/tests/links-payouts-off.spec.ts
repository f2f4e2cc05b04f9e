import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';

test('while payouts are off, an active link says it is not taking subscriptions, and the page says why', async ({
  page,
  consoleErrors,
}) => {
  const { offer } = await sellingMerchant(page.request, { payouts: false });
  await createLink(page.request, offer.id, 'Window');
  await page.goto('/admin/app/links');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Window' }) });
  await expect(card.getByText('Not taking subscriptions', { exact: true })).toBeVisible();
  await expect(card.getByText(/Payouts are not set up yet/)).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Set up payouts|Finish payout setup/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('with payouts on, the same link is simply active', async ({ page }) => {
  const { offer } = await sellingMerchant(page.request);
  await createLink(page.request, offer.id, 'Window');
  await page.goto('/admin/app/links');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Window' }) });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Not taking subscriptions')).toHaveCount(0);
});
