import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';

test('the printable poster shows the nest, the offer, its price in both languages and the QR code, and prints alone on an A4 page', async ({
  page,
  consoleErrors,
}) => {
  const { offer } = await sellingMerchant(page.request, { offer: { trial_days: 7 } });
  await createLink(page.request, offer.id, 'Window');
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.goto('/admin/app/links');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Window' }) });
  await card.getByRole('button', { name: 'Print poster' }).click();

  const dialog = page.getByRole('dialog', { name: 'Poster for “Window”' });
  const preview = dialog.getByTestId('link-poster');
  await expect(preview.getByText('Café Lumière')).toBeVisible();
  await expect(preview.getByRole('heading', { name: offer.name })).toBeVisible();
  await expect(preview.getByText(/^€12\.00 \/ month/)).toBeVisible();
  await expect(preview.getByText(/^12,00\s€ \/ mois/)).toBeVisible();
  await expect(preview.getByText('First 7 days free')).toBeVisible();
  await expect(preview.getByText('7 premiers jours offerts')).toBeVisible();
  await expect(preview.getByText('Scan to subscribe: no app to install.')).toBeVisible();
  await expect(
    preview.getByText('Scannez pour vous abonner : aucune application à installer.'),
  ).toBeVisible();
  const qr = preview.getByTestId('poster-qr');
  await expect
    .poll(() => qr.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // In print, only the poster is laid out, at A4 size (210 mm = 793.7 CSS px).
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('.nest-print-root [data-testid="link-poster"]');
  await expect(printed).toBeVisible();
  await expect(page.getByRole('main')).toBeHidden();
  await expect(dialog).toBeHidden();
  const box = await printed.boundingBox();
  expect(Math.round(box!.width)).toBe(794);
  expect(Math.round(box!.height)).toBe(1123);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.nest-print-root')).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
