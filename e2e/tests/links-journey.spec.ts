import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, phone, test } from '../support/fixtures';
import { sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { cards } from '../support/sandbox';

test('a merchant shares a link and its QR code, a customer on a phone subscribes in French, and the link counts it', async ({
  page,
  browser,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const { offer } = await sellingMerchant(page.request, { offer: { trial_days: 0 } });

  // The merchant creates a link for the counter.
  await page.goto('/admin/app/links');
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  await page.getByLabel('Offer').selectOption({ label: offer.name });
  await page.getByLabel('Where will you use it?').fill('Counter');
  await page.getByRole('button', { name: 'Create link' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Counter' }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  const url = await card.getByRole('textbox', { name: 'Address of the link “Counter”' }).inputValue();
  expect(url).toMatch(/\/links\/[A-Za-z0-9_-]{12}$/);

  // Copy puts the address on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // The PNG QR code decodes back to the link's address.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'QR code (PNG)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^nest-link-[A-Za-z0-9_-]{12}\.png$/);
  const png = PNG.sync.read(await readFile(await download.path()));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(url);
  // The SVG is offered too.
  const [svgDownload] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'QR code (SVG)' }).click(),
  ]);
  expect(await readFile(await svgDownload.path(), 'utf8')).toContain('<svg');

  // A customer opens the link on a phone, in French.
  const customerContext = await browser.newContext({ ...phone, locale: 'fr-FR' });
  const customer = await customerContext.newPage();
  const customerErrors: string[] = [];
  customer.on('pageerror', (error) => customerErrors.push(error.message));
  const adminScripts: string[] = [];
  customer.on('request', (request) => {
    if (/\/assets\/admin-/.test(request.url())) adminScripts.push(request.url());
  });
  await customer.goto(url);
  await expect(customer.getByRole('heading', { level: 1, name: offer.name })).toBeVisible();
  await expect(customer.getByTestId('nest-name')).toHaveText('Café Lumière');
  await expect(customer.getByTestId('offer-price')).toHaveText(/^12,00\s€ \/ mois$/);
  await expect(customer.getByText('One coffee per day')).toBeVisible();
  // The link page never downloads the merchant area's code.
  expect(adminScripts).toEqual([]);

  await customer.getByLabel('E-mail').fill(uniqueEmail('camille'));
  await customer.getByLabel('Votre nom').fill('Camille Martin');
  await customer.getByRole('button', { name: /^S’abonner pour 12,00/ }).click();

  // The sandbox's hosted payment page (test mode).
  await expect(customer).toHaveURL(/\/sandbox\/checkout\//);
  await customer.locator('#card_number').fill(cards.succeeds);
  await customer.locator('#card_expiry').fill('12 / 34');
  await customer.locator('#card_cvc').fill('123');
  await customer.locator('#card_name').fill('Camille Martin');
  await customer.locator('button[type="submit"]').click();

  // Back on the success page, with the pass right away.
  await expect(customer).toHaveURL(/\/client\/app\/subscriptions\/success\?session_id=/);
  await expect(customer.getByRole('heading', { level: 1, name: 'Bienvenue, Camille !' })).toBeVisible();
  await expect(
    customer.getByText('Votre abonnement Coffee club chez Café Lumière est confirmé.'),
  ).toBeVisible();
  const pass = customer.getByTestId('pass');
  await expect(pass.getByRole('img', { name: 'QR code du pass' })).toBeVisible();
  await expect(pass.getByText('Camille', { exact: true })).toBeVisible();
  await expect(customer.getByTestId('pass-code')).toHaveText(/^\S{8}$/);
  // The customer area opens with the email typed on the link page (kept in this tab only).
  await expect(customer.getByRole('link', { name: 'Ouvrir votre espace client' })).toHaveAttribute(
    'href',
    /^\/client\/login\?email=camille-/,
  );
  // Nothing about the email is shown.
  await expect(customer.getByText('@example.test')).toHaveCount(0);
  expect(customerErrors).toEqual([]);
  await customerContext.close();

  // The merchant sees the link's counters move.
  await expect(async () => {
    await page.reload();
    const counters = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Counter' }) });
    await expect(counters.locator('[data-counter="visits"]')).toHaveText('1', { timeout: 1_000 });
    await expect(counters.locator('[data-counter="checkouts"]')).toHaveText('1', { timeout: 1_000 });
    await expect(counters.locator('[data-counter="subscriptions"]')).toHaveText('1', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // And the subscriber among their customers, with what they pay and the link they came through.
  await page.getByRole('link', { name: 'Customers' }).click();
  const subscriber = page.locator('tbody > tr').filter({ hasText: 'Camille Martin' });
  await expect(subscriber).toContainText('Coffee club');
  await subscriber.getByRole('button', { name: 'Camille Martin' }).click();
  const detail = page.getByRole('dialog', { name: 'Camille Martin' });
  await expect(detail).toContainText('€12.00 / month');
  await expect(detail).toContainText('Via the “Counter” link');
  expect(consoleErrors).toEqual([]);
});

test('the pass on the success page is renewed as its token rotates', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { offer } = await sellingMerchant(page.request);
  const link = await (
    await page.request.post('/api/v1/links', { data: { offer_id: offer.id, label: 'Window' } })
  ).json();
  const customerContext = await browser.newContext({ ...phone, locale: 'en-US' });
  const customer = await customerContext.newPage();
  await customer.goto(link.url);
  await customer.getByLabel('Email').fill(uniqueEmail('lea'));
  await customer.getByLabel('Your name').fill('Léa Petit');
  await customer.getByRole('button', { name: /^Subscribe for/ }).click();
  await customer.locator('#card_number').fill(cards.succeeds);
  await customer.locator('#card_expiry').fill('12 / 34');
  await customer.locator('#card_cvc').fill('123');
  await customer.locator('#card_name').fill('Léa Petit');
  await customer.locator('button[type="submit"]').click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Welcome, Léa!' })).toBeVisible();
  const first = await customer.getByTestId('pass').getAttribute('data-token');
  expect(first).toBeTruthy();
  // A pass step is 30 seconds: within a step and a bit, the page shows a new token by itself.
  await expect(customer.getByTestId('pass')).not.toHaveAttribute('data-token', first!, { timeout: 45_000 });
  await customerContext.close();
});
