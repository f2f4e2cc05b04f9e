import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';

test('Share on an offer creates its link the first time, then opens the same one', async ({
  page,
  consoleErrors,
}) => {
  const { offer } = await sellingMerchant(page.request);
  await page.goto('/admin/app/prices');
  await page.getByRole('button', { name: `Share ${offer.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${offer.name}”` });
  const address = dialog.getByRole('textbox', { name: 'Address of the offer’s link' });
  await expect(address).toHaveValue(/\/links\/[A-Za-z0-9_-]{12}$/);
  const url = await address.inputValue();
  await expect(dialog.getByRole('img', { name: `QR code of “${offer.name}”` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Again: the same link, not a second one.
  await page.getByRole('button', { name: `Share ${offer.name}` }).click();
  await expect(address).toHaveValue(url);
  const links = (await (await page.request.get('/api/v1/links')).json()) as { items: { url: string }[] };
  expect(links.items.map((link) => link.url)).toEqual([url]);
  expect(consoleErrors).toEqual([]);
});

test('Share opens the link the merchant already made for the offer', async ({ page }) => {
  const { offer } = await sellingMerchant(page.request);
  const link = await createLink(page.request, offer.id, 'Counter');
  await page.goto('/admin/app/prices');
  await page.getByRole('button', { name: `Share ${offer.name}` }).click();
  await expect(page.getByRole('textbox', { name: 'Address of the offer’s link' })).toHaveValue(link.url);
});
