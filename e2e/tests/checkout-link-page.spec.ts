import { expect, phone, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';

/**
 * The standalone link page (docs/decisions/077): the language and theme preferences work as in the
 * app, the keyboard reaches everything, and the offer is painted from the data the server wrote.
 */
test('the link page follows the visitor’s language and theme, and switches both', async ({
  page,
  browser,
  context,
  consoleErrors,
}) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request, { offer: { trial_days: 7 } });
  const link = await createLink(merchant.request, offer.id);
  await merchant.close();
  const baseUrl = new URL(link.url).origin;
  await context.addCookies([{ name: 'nest_color_mode', value: 'dark', url: baseUrl }]);

  await page.goto(link.url);
  await expect(page.getByRole('heading', { level: 1, name: offer.name })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page).toHaveTitle(`${offer.name} · Café Lumière · Nest`);
  await expect(page.getByText('First 7 days free, then billed automatically')).toBeVisible();

  await page.getByLabel('Language').selectOption('fr-FR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.getByText('Propulsé par Nest')).toBeVisible();
  await expect(page.getByTestId('offer-price')).toHaveText(/^12,00\s€ \/ mois$/);
  await page.getByLabel('Thème').selectOption('light');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  expect(cookies).toMatchObject({ nest_locale: 'fr-FR', nest_color_mode: 'light' });

  // Both choices hold on the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'S’abonner' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(consoleErrors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ ...phone, locale: 'fr-FR' });

  test('the keyboard reaches the skip link, the form, the terms of sale, the “Powered by Nest” line and the legal link', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    const merchant = await browser.newContext();
    const { offer } = await sellingMerchant(merchant.request);
    const link = await createLink(merchant.request, offer.id);
    await merchant.close();
    await page.goto(link.url);
    await expect(page.getByRole('heading', { level: 1, name: offer.name })).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Votre nom')).toBeFocused();
    await page.keyboard.press('Enter');
    // Submitting empty says what is missing, inline.
    await expect(page.getByText('Saisissez une adresse e-mail valide.')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /^S’abonner pour/ })).toBeFocused();
    // The terms of sale the customer accepts by subscribing (ADR 198).
    await page.keyboard.press('Tab');
    const terms = page.getByRole('link', { name: 'conditions générales de vente' });
    await expect(terms).toBeFocused();
    await expect(terms).toHaveAttribute('href', '/legal/documents/customers/terms-of-sale');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Propulsé par Nest' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Informations légales' })).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });
});
