import type { Page } from '@playwright/test';
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
  // The dashboard arrives painted (ADR 209): the app writes the cookie once it has taken the page over.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value)
    .toBe('en-US');
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

/** Every word the page shows (its visible text, its title and the accessible names of its images and buttons). */
async function wordsOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    // Not the toast area's label: the area arrives after the first paint, whenever the browser is idle.
    const names = Array.from(document.querySelectorAll('[aria-label]:not([aria-live]), img[alt]'))
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => element.getAttribute('aria-label') ?? element.getAttribute('alt'));
    // biome-ignore lint/performance/useDomNodeTextContent: the words shown, not the hidden ones too.
    return [document.title, document.body.innerText, ...names].join('\n');
  });
}

for (const path of ['/', '/legal', '/admin/login', '/client/login']) {
  test(`${path}: switching to French changes every word, the same as a French visit shows, and a reload keeps it`, async ({
    page,
    browser,
  }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const english = await wordsOf(page);
    await chooseLanguage(page, 'fr-FR');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');

    const context = await browser.newContext({ locale: 'fr-FR' });
    const frenchVisit = await context.newPage();
    await frenchVisit.goto(path);
    await expect(frenchVisit.getByRole('heading', { level: 1 })).toBeVisible();
    // Loaded: the landing's painted page and its prices still loading (ADR 203) are not its words yet.
    await expect(frenchVisit.locator('[aria-busy="true"]')).toHaveCount(0);
    const french = await wordsOf(frenchVisit);
    await context.close();
    expect(french).not.toBe(english);
    await expect.poll(() => wordsOf(page)).toBe(french);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => wordsOf(page)).toBe(french);
  });
}

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

for (const path of ['/', '/legal']) {
  test(`${path}: the footer has the legal links, "Cookie settings" and the language switch, which changes the words and is kept`, async ({
    page,
  }) => {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /legal/i }).first()).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
    const languages = footer.getByRole('group', { name: 'Language' });
    await expect(languages.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await languages.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    const frenchFooter = page.getByRole('contentinfo');
    await expect(frenchFooter.getByRole('button', { name: 'Paramètres des cookies' })).toBeVisible();
    await expect(
      frenchFooter.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'Français' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
}
