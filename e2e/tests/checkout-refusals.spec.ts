import { expect, phone, test } from '../support/fixtures';
import { addSubscriber, createLink, sellingMerchant, subscribeThroughApi } from '../support/links';
import { uniqueEmail } from '../support/merchants';

/**
 * A visitor who cannot subscribe is told why, politely and in their language: from the page's
 * availability before submitting, and from the checkout's refusal code after.
 */
test.use({ ...phone, locale: 'fr-FR' });

test('a nest whose payouts are not enabled yet says so and shows no form', async ({ page, browser }) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request, { payouts: false });
  const link = await createLink(merchant.request, offer.id);
  await page.goto(link.url);
  await expect(page.getByRole('heading', { level: 1, name: offer.name })).toBeVisible();
  await expect(page.locator('[data-refusal]')).toContainText(
    'Café Lumière ne prend pas encore d’abonnements en ligne. Revenez bientôt ou renseignez-vous au comptoir.',
  );
  await expect(page.getByRole('form', { name: 'S’abonner' })).toHaveCount(0);
  await merchant.close();
});

test('an offer at capacity says every place is taken', async ({ page, browser }) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request, { offer: { capacity: 1 } });
  const link = await createLink(merchant.request, offer.id);
  await addSubscriber(merchant.request, offer.id);
  await page.goto(link.url);
  await expect(page.locator('[data-refusal]')).toContainText('Cette offre est complète pour le moment');
  await expect(page.getByRole('form', { name: 'S’abonner' })).toHaveCount(0);
  await merchant.close();
});

test('an archived offer says it is no longer offered', async ({ page, browser }) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request);
  const link = await createLink(merchant.request, offer.id);
  expect((await merchant.request.post(`/api/v1/offers/${offer.id}/archive`)).ok()).toBe(true);
  await page.goto(link.url);
  await expect(page.locator('[data-refusal]')).toContainText('Café Lumière ne propose plus cet abonnement.');
  await expect(page.getByRole('form', { name: 'S’abonner' })).toHaveCount(0);
  await merchant.close();
});

test('a nest at its plan’s revenue limit for the month pauses new subscriptions', async ({
  page,
  browser,
}) => {
  const merchant = await browser.newContext();
  // Starter: 2,500 € a month. One subscriber paying 2,500 € reaches it.
  const { offer } = await sellingMerchant(merchant.request, {
    plan: 'starter',
    offer: { amount_cents: 250_000 },
  });
  const link = await createLink(merchant.request, offer.id);
  await subscribeThroughApi(merchant.request, link.nest_link_id);
  await expect(async () => {
    await page.goto(link.url);
    await expect(page.locator('[data-refusal]')).toContainText(
      'ne prend plus de nouveaux abonnements ce mois-ci',
      {
        timeout: 2_000,
      },
    );
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('form', { name: 'S’abonner' })).toHaveCount(0);
  await merchant.close();
});

test('a price changed while the visitor was reading: the new price is shown, and subscribing goes on at it', async ({
  page,
  browser,
}) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request);
  const link = await createLink(merchant.request, offer.id);
  await page.goto(link.url);
  await expect(page.getByTestId('offer-price')).toHaveText(/^12,00\s€ \/ mois$/);
  expect(
    (await merchant.request.patch(`/api/v1/offers/${offer.id}`, { data: { amount_cents: 1500 } })).ok(),
  ).toBe(true);

  await page.getByLabel('E-mail').fill(uniqueEmail('nina'));
  await page.getByLabel('Votre nom').fill('Nina Roux');
  await page.getByRole('button', { name: /^S’abonner pour 12,00/ }).click();
  await expect(page.locator('[data-refusal]')).toContainText('Le prix de cette offre vient de changer.');
  await expect(page.getByTestId('offer-price')).toHaveText(/^15,00\s€ \/ mois$/);
  // The form keeps what was typed; subscribing again goes to the payment page at the new price.
  await expect(page.getByLabel('Votre nom')).toHaveValue('Nina Roux');
  await page.getByRole('button', { name: /^S’abonner pour 15,00/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await merchant.close();
});

test('an offer that filled up while the visitor was reading is refused after submitting', async ({
  page,
  browser,
}) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request, { offer: { capacity: 1 } });
  const link = await createLink(merchant.request, offer.id);
  await page.goto(link.url);
  await expect(page.getByRole('form', { name: 'S’abonner' })).toBeVisible();
  await addSubscriber(merchant.request, offer.id);
  await page.getByLabel('E-mail').fill(uniqueEmail('hugo'));
  await page.getByLabel('Votre nom').fill('Hugo Blanc');
  await page.getByRole('button', { name: /^S’abonner pour/ }).click();
  await expect(page.locator('[data-refusal]')).toContainText('Cette offre est complète pour le moment');
  await expect(page.getByRole('form', { name: 'S’abonner' })).toHaveCount(0);
  await merchant.close();
});

test('an unknown link, and a link the merchant turned off, show the link not-found page', async ({
  page,
  browser,
}) => {
  await page.goto('/links/AAAAAAAAAAAA');
  await expect(page).toHaveURL('/links/404');

  // The merchant works in English on a desktop.
  const merchant = await browser.newContext({
    locale: 'en-US',
    isMobile: false,
    hasTouch: false,
    viewport: { width: 1280, height: 800 },
  });
  const merchantPage = await merchant.newPage();
  const { offer } = await sellingMerchant(merchant.request);
  const link = await createLink(merchant.request, offer.id, 'Flyer');
  await merchantPage.goto('/admin/app/links');
  const card = merchantPage
    .getByRole('listitem')
    .filter({ has: merchantPage.getByRole('heading', { name: 'Flyer' }) });
  await card.getByRole('button', { name: 'Disable' }).click();
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();

  await page.goto(link.url);
  await expect(page).toHaveURL('/links/404');

  await card.getByRole('button', { name: 'Enable' }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await page.goto(link.url);
  await expect(page.getByRole('heading', { level: 1, name: offer.name })).toBeVisible();
  await merchant.close();
});
