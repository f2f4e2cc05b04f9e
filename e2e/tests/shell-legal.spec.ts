import { expect, test } from '../support/fixtures';

const documents = [
  {
    slug: 'terms-of-service',
    en: 'Terms of service',
    fr: 'Conditions générales d’utilisation',
    section: 'Acceptable use',
  },
  {
    slug: 'privacy-policy',
    en: 'Privacy policy',
    fr: 'Politique de confidentialité',
    section: 'Your rights',
  },
  { slug: 'legal-notice', en: 'Legal notice', fr: 'Mentions légales', section: 'Hosting' },
  {
    slug: 'cookie-policy',
    en: 'Cookie policy',
    fr: 'Politique relative aux cookies',
    section: 'Necessary cookies',
  },
];

test('/legal lists the four documents, each opening its page', async ({ page, consoleErrors }) => {
  await page.goto('/legal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal');
  for (const document of documents) {
    await expect(page.getByRole('link', { name: document.en })).toHaveAttribute(
      'href',
      `/legal/documents/${document.slug}`,
    );
  }
  await page.getByRole('link', { name: 'Cookie policy' }).click();
  await expect(page).toHaveURL('/legal/documents/cookie-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie policy');
  expect(consoleErrors).toEqual([]);
});

for (const document of documents) {
  test(`${document.slug} reads in English and in French`, async ({ page, browser }) => {
    await page.goto(`/legal/documents/${document.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(document.en);
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(document.section) })).toBeVisible();
    await expect(page.locator('article p').nth(3)).not.toBeEmpty();

    const context = await browser.newContext({ locale: 'fr-FR' });
    const french = await context.newPage();
    await french.goto(`/legal/documents/${document.slug}`);
    await expect(french.getByRole('heading', { level: 1 })).toHaveText(document.fr);
    await expect(french.getByText(/^Mis à jour le /)).toBeVisible();
    await context.close();
  });
}

test('the legal notice names who publishes and who hosts the service', async ({ page }) => {
  await page.goto('/legal/documents/legal-notice');
  await expect(page.getByRole('heading', { level: 2, name: 'Publisher' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Hosting' })).toBeVisible();
});

test('an unknown document is the not-found page', async ({ page }) => {
  await page.goto('/legal/documents/refund-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByText('There is nothing at /legal/documents/refund-policy.')).toBeVisible();
});
