import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { merchantContext, subscribe, untilSubscribers } from '../support/subscribers';

/**
 * The merchant's ledger (/admin/app/transactions): a sandbox payment shows, the merchant refunds
 * part of it from its row through a confirmed dialog, and the refund row appears once the
 * provider's event has arrived; more than what is left is refused in the dialog.
 */
test('a payment is refunded in part from the transactions page, and the refund shows', async ({
  browser,
}) => {
  const { context, request } = await merchantContext(browser, { locale: 'en-US' });
  const { offer } = await sellingMerchant(request, { plan: 'pro' });
  const link = await createLink(request, offer.id, 'Counter');
  await subscribe(request, link.nest_link_id, { name: 'Alice Martin', email: uniqueEmail('alice') });
  await untilSubscribers(request, 1);

  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/admin/app/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Transactions' });
  const rows = list.locator(':scope > li');
  await expect(rows).toHaveCount(1);
  const payment = rows.filter({ hasText: 'Payment' });
  await expect(payment).toContainText('€12.00');
  await expect(payment).toContainText('Alice Martin · Coffee club');

  await payment.getByRole('button', { name: 'Refund the payment of €12.00 by Alice Martin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
  await expect(dialog).toBeVisible();
  const amount = dialog.getByLabel('Amount to refund');
  await expect(amount).toHaveValue('12.00');
  await amount.fill('12.01');
  // More than is left: the button no longer names an amount, and the dialog says why.
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByText('At most €12.00 can be refunded.')).toBeVisible();
  await amount.fill('5');
  await dialog.getByLabel('Reason').selectOption({ label: 'Requested by the customer' });
  await dialog.getByRole('button', { name: 'Refund €5.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('€5.00 refunded. It shows in the list in a moment.')).toBeVisible();

  // The provider's event arrives: the refund is a row of its own, and the payment says what is left.
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  const refund = rows.filter({ hasText: 'Refund' }).filter({ hasNotText: 'Payment' });
  await expect(refund).toContainText('-€5.00');
  await expect(refund).toContainText('Alice Martin');
  await expect(payment).toContainText('Partly refunded, €7.00 left');

  // Filters: by type.
  await page.getByLabel('Type').selectOption({ label: 'Refund' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('-€5.00');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows).toHaveCount(2);

  // In French, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await context.addCookies([{ name: 'nest_locale', value: 'fr-FR', url: page.url() }]);
  await page.reload();
  const liste = page.getByRole('list', { name: 'Transactions' });
  await expect(liste.locator(':scope > li').filter({ hasText: 'Remboursement' })).toContainText('-5,00');
  await expect(liste.locator(':scope > li').filter({ hasText: 'Paiement' })).toContainText('reste 7,00');
  expect(errors).toEqual([]);
  await context.close();
});
