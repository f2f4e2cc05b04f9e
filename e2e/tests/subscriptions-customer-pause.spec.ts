import { signInCustomerThroughApi } from '../support/customers';
import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { subscribe, untilSubscribers } from '../support/subscribers';

/**
 * ADR 150: a customer pauses their own subscription from the overview, as far as the offer allows.
 * ADR 204: the pause dialog's code (with Radix's Dialog) is not part of the overview's first visit; it
 * is fetched when the customer reaches for "Pause…".
 */
test('a customer pauses a subscription from the overview, then takes the pause back', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request, { offer: { customer_pause_max_periods: 2 } });
  const link = await createLink(merchant.request, offer.id);
  const email = uniqueEmail('lea');
  await subscribe(merchant.request, link.nest_link_id, { name: 'Léa Martin', email });
  await untilSubscribers(merchant.request, 1);
  await merchant.close();

  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await signInCustomerThroughApi(page.request, email);
  await page.goto('/client/app/overview');
  const card = page.getByTestId('subscription-card').first();
  const pause = card.getByRole('button', { name: 'Pause…' });
  await expect(pause).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /\/(?:pause-dialog|radix-dialog)-/.test(s))).toEqual([]);

  // Kept: the dialog closes and the focus is back on the button.
  await pause.click();
  const dialog = page.getByRole('dialog', { name: `Pause ${offer.name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Pause for')).toHaveValue('1');
  await expect(dialog.getByLabel('Pause for').locator('option')).toHaveText(['1 month', '2 months']);
  await dialog.getByRole('button', { name: 'Don’t pause' }).click();
  await expect(dialog).toBeHidden();
  await expect(pause).toBeFocused();

  // Paused for two months, from the end of what was paid.
  await pause.click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Pause for').selectOption('2');
  await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText(`${offer.name} is paused until`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // It has not begun: the customer can take it back.
  await card.getByRole('button', { name: 'Cancel the pause' }).click();
  await expect(page.getByText(`${offer.name} will keep running.`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pause…' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
