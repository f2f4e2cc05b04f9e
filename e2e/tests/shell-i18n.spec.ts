import { daysUntil, expect, test } from '../support/fixtures';
import { seedMerchantWithNest } from '../support/merchants';
import { chooseLanguage } from '../support/preferences';

const LOCALE_COOKIE = 'nest_locale';

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('gets French, <html lang="fr-FR">, and the detected locale kept in a 365-day cookie', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transformez vos habitués en abonnés.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    const cookie = (await context.cookies()).find((c) => c.name === LOCALE_COOKIE);
    expect(cookie?.value).toBe('fr-FR');
    expect(daysUntil(cookie!.expires)).toBeGreaterThan(364.9);
    expect(daysUntil(cookie!.expires)).toBeLessThan(365.1);
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    expect(consoleErrors).toEqual([]);
  });

  test('a Canadian French browser is matched to fr-FR', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await context.close();
  });
});

test('a browser in a language the product does not speak gets en-US', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('en-US');
  await context.close();
});

test('the locale cookie wins over the browser language', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addCookies([{ name: LOCALE_COOKIE, value: 'fr-FR', url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/client/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await context.close();
});

test('choosing a language in the preferences menu changes the words, <html lang> and the cookie (for a year)', async ({
  page,
  context,
  consoleErrors,
}) => {
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/prices');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prices');
  await chooseLanguage(page, 'fr-FR', page.getByRole('complementary'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarifs');
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page).toHaveTitle('Tarifs · Nest');
  const cookie = (await context.cookies()).find((c) => c.name === LOCALE_COOKIE);
  expect(cookie?.value).toBe('fr-FR');
  expect(daysUntil(cookie!.expires)).toBeGreaterThan(364.9);

  // The choice stays on the next visit.
  await page.goto('/legal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informations légales');
  expect(consoleErrors).toEqual([]);
});

test('a locale that fails to load is only logged: the page shows in English and keeps working', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.route(/\/assets\/locale-fr-FR-[a-z]+-[^/]*\.json$/, (route) => route.abort('connectionreset'));
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/verify');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify');
  await expect(page.getByRole('link', { name: 'Customers' })).toBeVisible();
  expect(errors.some((e) => e.includes('Could not load the fr-FR "common" translations'))).toBe(true);
  expect(errors.some((e) => e.startsWith('pageerror'))).toBe(false);
  await context.close();
});
