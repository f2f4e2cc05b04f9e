import type { Locator } from '@playwright/test';
import { expect, phone, test } from '../support/fixtures';
import { uniqueEmail } from '../support/merchants';
import { TEST_IBAN } from '../support/payouts';
import { cards } from '../support/sandbox';

/**
 * The promise to a new merchant: from the landing page to a first (sandbox) subscriber in at most 20
 * clicks. Typing is not counted; every click, tap and choice in a list is.
 */
test('a new merchant reaches a first sandbox subscriber in at most 20 clicks from the landing page', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  let clicks = 0;
  const click = async (target: Locator) => {
    clicks++;
    await target.click();
  };
  const choose = async (target: Locator, value: string) => {
    clicks++;
    await target.selectOption(value);
  };

  await page.goto('/');
  await click(page.getByRole('link', { name: 'Start with Pro' }));
  const signup = page.getByRole('form', { name: 'Create your merchant account' });
  await signup.getByLabel('Your name').fill('Camille Roux');
  await signup.getByLabel('Email').fill(uniqueEmail('first-sale'));
  await signup.getByLabel('Password', { exact: true }).fill('violet tractor muffin 42');
  await click(signup.getByRole('button', { name: 'Create my account' }));

  // The plan chosen on the landing: its payment page, then onboarding moves on by itself.
  await expect(page.getByRole('heading', { name: 'Subscribe to Nest Pro' })).toBeVisible();
  await page.locator('#card_number').fill(cards.succeeds);
  await page.locator('#card_expiry').fill('1234');
  await page.locator('#card_cvc').fill('123');
  await page.locator('#card_name').fill('Camille Roux');
  await click(page.getByRole('button', { name: /^Pay/ }));

  await expect(page).toHaveURL('/admin/onboarding/create-nest');
  await page.getByLabel('Name', { exact: true }).fill('Café Lumière');
  await choose(page.getByLabel('Kind of business'), 'cafe');
  await page.getByLabel('Street address').fill('12 rue des Lilas');
  await page.getByLabel('Postal code').fill('75011');
  await page.getByLabel('City').fill('Paris');
  await click(page.getByRole('button', { name: 'Create my nest' }));

  await click(page.getByRole('button', { name: 'Set up payouts' }));
  await expect(page).toHaveURL(/\/sandbox\/connect\//);
  await page.locator('#business_name').fill('Café Lumière SARL');
  await page.locator('#iban').fill(TEST_IBAN);
  await click(page.getByRole('button', { name: 'Agree and submit' }));
  await expect(page.getByRole('heading', { name: 'Payouts are on' })).toBeVisible();

  await click(page.getByRole('link', { name: 'Create your first price' }));
  await click(page.getByRole('button', { name: 'New price' }).first());
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Coffee club');
  await dialog.getByLabel('What it gives').fill('One coffee a day');
  await dialog.getByLabel('Amount in euros').fill('12');
  await click(dialog.getByRole('button', { name: 'Create price' }));
  await expect(dialog).toBeHidden();

  await click(page.getByRole('link', { name: 'Links', exact: true }));
  await choose(page.getByLabel('Offer'), 'Coffee club');
  await page.getByLabel('Where will you use it?').fill('Counter');
  await click(page.getByRole('button', { name: 'Create link' }));
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Counter' }) });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  const url = await card.getByRole('textbox', { name: 'Address of the link “Counter”' }).inputValue();

  // The customer scans the QR code on a phone: opening the address is not a click.
  const customerContext = await browser.newContext({ ...phone, locale: 'en-US' });
  const customer = await customerContext.newPage();
  await customer.goto(url);
  await customer.getByLabel('Email', { exact: true }).fill(uniqueEmail('first-customer'));
  await customer.getByLabel('Your name').fill('Ana Costa');
  await click(customer.getByRole('button', { name: /^Subscribe for/ }));
  await expect(customer.getByTestId('merchant-name')).toHaveText('Café Lumière SARL');
  await customer.locator('#card_number').fill(cards.succeeds);
  await customer.locator('#card_expiry').fill('1234');
  await customer.locator('#card_cvc').fill('123');
  await customer.locator('#card_name').fill('Ana Costa');
  await click(customer.getByRole('button', { name: /^Pay/ }));
  await expect(customer).toHaveURL(/\/client\/app\/subscriptions\/success\?session_id=/);
  await expect(customer.getByRole('heading', { name: 'Your pass' })).toBeVisible();
  await customerContext.close();

  // The merchant sees the subscriber.
  await page.goto('/admin/app/customers');
  await expect(page.getByText('Ana Costa').first()).toBeVisible();
  expect(clicks, 'clicks from the landing page to a first subscriber').toBeLessThanOrEqual(20);
  test.info().annotations.push({ type: 'clicks', description: String(clicks) });
  expect(consoleErrors).toEqual([]);
});
