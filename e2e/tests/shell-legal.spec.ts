import { expect, test } from '../support/fixtures';

/** The five documents by their nested paths, with a section each language must show (ADR 198). */
const documents = [
  {
    path: 'merchants/terms',
    en: 'Terms of service',
    fr: 'Conditions générales d’utilisation',
    section: { en: 'Acceptable use', fr: 'Usage acceptable' },
  },
  {
    path: 'customers/terms-of-sale',
    en: 'Terms of sale',
    fr: 'Conditions générales de vente',
    section: { en: 'Your right of withdrawal', fr: 'Votre droit de rétractation' },
  },
  {
    path: 'privacy-policy',
    en: 'Privacy policy',
    fr: 'Politique de confidentialité',
    section: { en: 'Your rights and how to use them', fr: 'Vos droits et comment les exercer' },
  },
  {
    path: 'cookie-policy',
    en: 'Cookie policy',
    fr: 'Politique relative aux cookies',
    section: { en: 'Necessary cookies', fr: 'Cookies nécessaires' },
  },
  {
    path: 'legal-notice',
    en: 'Legal notice',
    fr: 'Mentions légales',
    section: { en: 'Hosting', fr: 'Hébergement' },
  },
];

test('/legal lists the five documents by audience, each opening its page', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/legal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
    'For merchants',
    'For customers',
    'For everyone',
  ]);
  for (const document of documents) {
    await expect(page.getByRole('link', { name: document.en, exact: true }).first()).toHaveAttribute(
      'href',
      `/legal/documents/${document.path}`,
    );
  }
  await page.getByRole('main').getByRole('link', { name: 'Terms of sale' }).click();
  await expect(page).toHaveURL('/legal/documents/customers/terms-of-sale');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of sale');
  expect(consoleErrors).toEqual([]);
});

for (const document of documents) {
  test(`${document.path} reads in English and in French, with its contents and last update`, async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await page.goto(`/legal/documents/${document.path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(document.en);
    await expect(page.getByText(/^Last updated November 24, 2026$/)).toBeVisible();
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await expect(contents.getByRole('link', { name: document.section.en })).toBeVisible();
    // A contents entry leads to its section's anchor.
    await contents.getByRole('link', { name: document.section.en }).click();
    await expect(page).toHaveURL(new RegExp(`/legal/documents/${document.path}#`));
    await expect(page.getByRole('heading', { level: 2, name: document.section.en })).toBeInViewport();
    expect(consoleErrors).toEqual([]);

    const context = await browser.newContext({ locale: 'fr-FR' });
    const french = await context.newPage();
    await french.goto(`/legal/documents/${document.path}`);
    await expect(french.getByRole('heading', { level: 1 })).toHaveText(document.fr);
    await expect(french.getByText(/^Mis à jour le 24 novembre 2026$/)).toBeVisible();
    await expect(
      french
        .getByRole('navigation', { name: 'Sur cette page' })
        .getByRole('link', { name: document.section.fr }),
    ).toBeVisible();
    await expect(french.getByRole('heading', { level: 2, name: document.section.fr })).toBeVisible();
    await context.close();
  });
}

test('the legal notice names who publishes and who hosts the service, from the configuration', async ({
  page,
}) => {
  await page.goto('/legal/documents/legal-notice');
  await expect(page.getByRole('heading', { level: 2, name: 'Publisher' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Hosting' })).toBeVisible();
  // PLATFORM_LEGAL_NAME and _ADDRESS keep their defaults in this test server.
  await expect(page.getByRole('listitem').filter({ hasText: 'Company:' })).toHaveText('Company: Nest');
  await expect(page.getByRole('listitem').filter({ hasText: 'Registered office:' })).toHaveText(
    'Registered office: Paris, France',
  );
  await expect(page.getByText('{{operator')).toHaveCount(0);
});

test('links between documents stay in the app', async ({ page }) => {
  await page.goto('/legal/documents/customers/terms-of-sale');
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await page.getByRole('main').getByRole('link', { name: 'privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test('the former terms-of-service address lands on the merchants’ terms', async ({ page, request }) => {
  await page.goto('/legal/documents/terms-of-service');
  await expect(page).toHaveURL('/legal/documents/merchants/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
  // Without JavaScript too: the server redirects for good.
  const response = await request.get('/legal/documents/terms-of-service', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('/legal/documents/merchants/terms');
});

test('a language version’s address (?lang=, listed for search engines) shows that language', async ({
  page,
}) => {
  await page.goto('/legal/documents/privacy-policy?lang=fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de confidentialité');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
});

test('an unknown document is the not-found page', async ({ page }) => {
  await page.goto('/legal/documents/refund-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByText('There is nothing at /legal/documents/refund-policy.')).toBeVisible();
  await page.goto('/legal/documents/merchants/terms/2019');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
});

test.describe('without JavaScript', () => {
  test('/ answers its hero, description and language alternates in the visitor’s language', async ({
    request,
    baseURL,
  }) => {
    const french = await request.get('/', { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    const html = await french.text();
    expect(html).toContain('<html lang="fr-FR"');
    expect(html).toContain('Transformez vos habitués en abonnés.');
    expect(html).toMatch(/<meta name="description" content="Vendez votre carte café/);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${baseURL}/?lang=en" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="fr" href="${baseURL}/?lang=fr" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${baseURL}/" />`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/?lang=fr" />`);

    const english = await (await request.get('/', { headers: { 'accept-language': 'en-GB' } })).text();
    expect(english).toContain('Turn your regulars into subscribers.');
  });

  test('a browser without JavaScript reads a whole document', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/legal/documents/customers/terms-of-sale');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conditions générales de vente');
    await expect(page.getByRole('heading', { level: 2, name: 'Résilier en trois clics' })).toBeVisible();
    // (Playwright's text locators skip <noscript>, where these words are: read the element itself.)
    await expect(page.locator('time')).toHaveText('Mis à jour le 24 novembre 2026');
    await expect(page.getByRole('heading', { level: 2, name: 'Réclamations et litiges' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sur cette page' }).getByRole('link')).toHaveCount(10);
    await context.close();
  });

  test('the sitemap lists every page in both languages, and robots.txt keeps crawlers out of the app areas', async ({
    request,
    baseURL,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const document of documents) {
      expect(sitemap).toContain(`<loc>${baseURL}/legal/documents/${document.path}?lang=fr</loc>`);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin/app');
    expect(robots).toContain('Disallow: /client/app');
    expect(robots).toContain('Disallow: /api');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
