import type { APIRequestContext, Browser } from '@playwright/test';
import { signInMail } from '../support/customers';
import { expect, hasNoHorizontalScroll, phone, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { readMail } from '../support/mail';
import { seedMerchant, uniqueEmail } from '../support/merchants';
import { createNest } from '../support/nests';
import { enablePayouts } from '../support/payouts';
import { downloadedPdfText } from '../support/pdf';
import { cards, payOnSandboxPage } from '../support/sandbox';

/** A customer pays the merchant's link in a language (API and the sandbox's page form, no browser). */
async function customerPays(
  request: APIRequestContext,
  offerId: string,
  locale: 'en-US' | 'fr-FR',
  name: string,
) {
  const link = await createLink(request, offerId);
  const page = (await (await request.get(`/api/v1/public/links/${link.nest_link_id}`)).json()) as {
    price_version_id: string;
  };
  const email = uniqueEmail('receipt');
  const checkout = await request.post(`/api/v1/public/links/${link.nest_link_id}/checkout`, {
    data: { email, name, price_version_id: page.price_version_id, locale },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(url, {
    form: { card_number: cards.succeeds, card_expiry: '12 / 34', card_cvc: '123', card_name: name },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return email;
}

/** The customer opens the sign-in link of their email on their own device. */
async function customerSignsIn(browser: Browser, email: string, locale: 'en-US' | 'fr-FR', device = {}) {
  const context = await browser.newContext({ ...device, locale, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The customer asks for a sign-in email, then follows its link.
  const asked = await page.request.post('/api/v1/nest-customers/login', { data: { email } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const { link } = await signInMail(page.request, email);
  await page.goto(link);
  await expect(page).toHaveURL('/client/app/overview');
  return { context, page, errors };
}

test('a customer downloads their receipt from “Invoices and receipts” in their area, on a phone (English)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { offer } = await sellingMerchant(page.request, {
    offer: { name: 'Coffee club', amount_cents: 1200 },
  });
  const legal = await page.request.patch('/api/v1/nests/me', {
    data: { legal: { name: 'Lumière Coffee SARL', address: '12 rue Oberkampf, 75011 Paris' } },
  });
  expect(legal.status()).toBe(200);
  const email = await customerPays(page.request, offer.id, 'en-US', 'Zoé Müller');

  // The receipt email leads to the section.
  await expect
    .poll(
      async () => (await readMail(page.request, email)).find((m) => /receipt/i.test(m.subject))?.text ?? '',
    )
    .toContain('/client/app/overview#receipts');

  const customer = await customerSignsIn(browser, email, 'en-US', phone);
  await customer.page.goto('/client/app/overview#receipts');
  const section = customer.page.getByRole('region', { name: 'Invoices and receipts' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('Coffee club at Café Lumière');
  await expect(section).toContainText('Receipt F-000001');
  await expect(section).toContainText('€12.00');
  expect(await hasNoHorizontalScroll(customer.page)).toBe(true);

  const link = section.getByRole('link', { name: /Receipt \(PDF\)/ });
  await link.focus();
  const [download] = await Promise.all([
    customer.page.waitForEvent('download'),
    customer.page.keyboard.press('Enter'),
  ]);
  expect(download.suggestedFilename()).toBe('receipt-F-000001.pdf');
  const { bytes, text } = await downloadedPdfText(download);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(text).toContain('Receipt');
  expect(text).toContain('F-000001');
  expect(text).toContain('Lumière Coffee SARL');
  expect(text).toContain('Zoé Müller');
  expect(text).toContain('Subscription: Coffee club');
  expect(text).toContain('€12.00');
  expect(text).toContain('TVA non applicable, art. 293 B du CGI');
  expect(customer.errors).toEqual([]);
  await customer.context.close();
});

test('a merchant sets their invoicing details and downloads their plan receipt from the account page; their French customer downloads theirs (French)', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ locale: 'fr-FR', acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const merchant = await seedMerchant(page, 'no-plan', { locale: 'fr-FR', name: 'Camille Martin' });

  // The plan is paid on the sandbox's page, then the nest is made.
  const checkout = await page.request.post(`/api/v1/users/${merchant.id}/plan/checkout`, {
    data: { plan: 'starter' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  await page.goto(((await checkout.json()) as { url: string }).url);
  await payOnSandboxPage(page, cards.succeeds);
  await expect(page).toHaveURL(/\/admin\/onboarding\/payment\/success/);
  await createNest(page, { name: 'Café Lumière' });

  await page.goto('/admin/app/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compte');

  // Invoicing details: VAT needs its number; then saved.
  const invoicing = page.getByRole('region', { name: 'Informations de facturation' });
  await expect(invoicing).toContainText('TVA non applicable, art. 293 B du CGI');
  await invoicing.getByLabel('Raison sociale').fill('Lumière et Fils SAS');
  await invoicing.getByLabel('Adresse du siège').fill('4 place du Marché, 69002 Lyon');
  await invoicing.getByLabel('TVA', { exact: true }).selectOption({ label: 'TVA 20 %' });
  await invoicing.getByRole('button', { name: 'Enregistrer la facturation' }).click();
  await expect(invoicing.getByLabel('Numéro de TVA')).toBeFocused();
  await expect(invoicing).toContainText('Une entreprise qui facture la TVA indique son numéro');
  await invoicing.getByLabel('Numéro de TVA').fill('fr 40 123 456 789');
  await invoicing.getByRole('button', { name: 'Enregistrer la facturation' }).click();
  await expect(page.getByText('Informations de facturation enregistrées.')).toBeVisible();
  await expect(invoicing.getByLabel('Numéro de TVA')).toHaveValue('FR40123456789');

  // The plan's paid invoice has its receipt.
  const invoices = page.getByRole('region', { name: 'Factures de la formule' });
  const link = invoices.getByRole('link', { name: /Reçu \(PDF\)/ });
  await expect(link).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^facture-\d{4}-\d{2}-\d{2}\.pdf$/);
  const plan = await downloadedPdfText(download);
  expect(plan.text).toContain('Facture acquittée');
  expect(plan.text).toMatch(/NEST-\d{6}/);
  expect(plan.text).toContain('Camille Martin');
  expect(plan.text).toContain(merchant.email);
  expect(plan.text).toContain('Formule Nest Starter');
  expect(plan.text).toContain('15,83 €');
  expect(plan.text).toContain('TVA 20 %');
  expect(plan.text).toContain('19,00 €');

  // A customer of the nest pays in French: the nest's identity as just saved is the seller.
  await enablePayouts(page.request);
  const offer = await page.request.post('/api/v1/offers', {
    data: { name: 'Café du mois', grants: 'Un café par jour', amount_cents: 2400, interval: 'month' },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const email = await customerPays(
    page.request,
    ((await offer.json()) as { id: string }).id,
    'fr-FR',
    'François Lefèvre',
  );
  const customer = await customerSignsIn(browser, email, 'fr-FR');
  await customer.page.goto('/client/app/overview#receipts');
  const section = customer.page.getByRole('region', { name: 'Factures et reçus' });
  await expect(section).toContainText('Café du mois chez Café Lumière');
  await expect(section).toContainText('Reçu F-000001');
  const [own] = await Promise.all([
    customer.page.waitForEvent('download'),
    section.getByRole('link', { name: /Reçu \(PDF\)/ }).click(),
  ]);
  expect(own.suggestedFilename()).toBe('facture-F-000001.pdf');
  const receipt = await downloadedPdfText(own);
  expect(receipt.text).toContain('Facture acquittée');
  expect(receipt.text).toContain('F-000001');
  expect(receipt.text).toContain('Lumière et Fils SAS');
  expect(receipt.text).toContain('4 place du Marché, 69002 Lyon');
  expect(receipt.text).toContain('N° de TVA : FR40123456789');
  expect(receipt.text).toContain('François Lefèvre');
  expect(receipt.text).toContain('Abonnement : Café du mois');
  expect(receipt.text).toContain('20,00 €');
  expect(receipt.text).toContain('4,00 €');
  expect(receipt.text).toContain('24,00 €');
  expect(receipt.text).not.toContain('293 B');
  expect(customer.errors).toEqual([]);
  await customer.context.close();
  await context.close();
  expect(errors).toEqual([]);
});
