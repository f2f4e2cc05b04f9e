import { expect, phone, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { cards } from '../support/sandbox';

/**
 * The sandbox's hosted card page forgives as Stripe's does (ADR 161): it formats as the customer
 * types, checks before sending, keeps what was typed after an error, marks what is required, and
 * names the business being paid.
 */
test.use({ ...phone, locale: 'en-US' });

async function openCardPage(page: import('@playwright/test').Page, linkUrl: string) {
  await page.goto(linkUrl);
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('card-page'));
  await page.getByLabel('Your name').fill('Camille Martin');
  await page.getByRole('button', { name: /^Subscribe for/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
}

test('an expiry typed as 1230 shows as 12 / 30 and pays; a missing name is named before sending', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request);
  const link = await createLink(merchant.request, offer.id);
  await merchant.close();
  await openCardPage(page, link.url);

  await expect(page.getByTestId('merchant-name')).toHaveText('Café Lumière SARL');
  await expect(page.getByText('All fields marked * are required.')).toBeVisible();
  await expect(page.locator('label[for="card_name"]')).toHaveText('Name on card *');

  await page.locator('#card_number').pressSequentially('4242424242424242');
  await expect(page.locator('#card_number')).toHaveValue('4242 4242 4242 4242');
  await page.locator('#card_expiry').pressSequentially('1230');
  await expect(page.locator('#card_expiry')).toHaveValue('12 / 30');
  await page.locator('#card_cvc').pressSequentially('12a3');
  await expect(page.locator('#card_cvc')).toHaveValue('123');

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Enter the name on the card.')).toBeVisible();
  await expect(page.locator('#card_name')).toBeFocused();
  expect(posts).toEqual([]);
  await expect(page.locator('#card_number')).toHaveValue('4242 4242 4242 4242');

  await page.locator('#card_name').fill('Camille Martin');
  await expect(page.getByText('Enter the name on the card.')).toBeHidden();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/client\/app\/subscriptions\/success\?session_id=/);
  expect(consoleErrors).toEqual([]);
});

test('a declined card comes back with what was typed, and another card then pays', async ({
  page,
  browser,
}) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request);
  const link = await createLink(merchant.request, offer.id);
  await merchant.close();
  await openCardPage(page, link.url);

  await page.locator('#card_number').fill(cards.insufficientFunds);
  await page.locator('#card_expiry').fill('12 / 34');
  await page.locator('#card_cvc').fill('123');
  await page.locator('#card_name').fill('Camille Martin');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined: insufficient funds.');
  await expect(page.locator('#card_number')).toHaveValue(cards.insufficientFunds);
  await expect(page.locator('#card_expiry')).toHaveValue('12 / 34');
  await expect(page.locator('#card_cvc')).toHaveValue('123');
  await expect(page.locator('#card_name')).toHaveValue('Camille Martin');

  await page.locator('#card_number').fill(cards.succeeds);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/client\/app\/subscriptions\/success\?session_id=/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page still works: 1230 as an expiry pays', async ({ page, browser }) => {
    const merchant = await browser.newContext();
    const { offer } = await sellingMerchant(merchant.request);
    const link = await createLink(merchant.request, offer.id);
    await merchant.close();
    // The link page needs JavaScript: start the checkout from the API, then use the page alone.
    const publicLink = (await (
      await page.request.get(`/api/v1/public/links/${link.nest_link_id}`)
    ).json()) as { price_version_id: string };
    const started = await page.request.post(`/api/v1/public/links/${link.nest_link_id}/checkout`, {
      data: { email: uniqueEmail('nojs'), name: 'Ana Costa', price_version_id: publicLink.price_version_id },
    });
    const { url } = (await started.json()) as { url: string };
    await page.goto(url);
    await page.locator('#card_number').fill('4242424242424242');
    await page.locator('#card_expiry').fill('1230');
    await page.locator('#card_cvc').fill('123');
    await page.locator('#card_name').fill('Ana Costa');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/client\/app\/subscriptions\/success\?session_id=/);
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the expiry reads MM / AA and the problems are in French', async ({ page, browser }) => {
    const merchant = await browser.newContext();
    const { offer } = await sellingMerchant(merchant.request);
    const link = await createLink(merchant.request, offer.id);
    await merchant.close();
    await page.goto(link.url);
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('carte'));
    await page.getByLabel('Votre nom').fill('Camille Martin');
    await page.getByRole('button', { name: /^S’abonner pour/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await expect(page.locator('#card_expiry')).toHaveAttribute('placeholder', 'MM / AA');
    await page.getByRole('button', { name: /^Payer/ }).click();
    await expect(page.getByText('Ce numéro de carte n’est pas valide.')).toBeVisible();
    await expect(page.getByText('Saisissez le nom inscrit sur la carte.')).toBeVisible();
  });
});
