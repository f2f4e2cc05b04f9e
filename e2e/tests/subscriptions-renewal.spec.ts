import { expect, phone, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { linkIn, readMail } from '../support/mail';
import { uniqueEmail } from '../support/merchants';
import { payOnSandboxPage } from '../support/sandbox';

/**
 * Issue 7, "done when": a renewal fails (sandbox card 0341 and the merchant's test clock), the
 * customer gets the email, opens its link, signs in with the emailed code, gives another card on the
 * provider's page, and the subscription is active again; the merchant's revenue counts the payment.
 */
test('on a phone, a customer whose renewal failed follows the email, uses another card, and is active again', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const merchant = page.request;
  const { offer } = await sellingMerchant(merchant, { offer: { trial_days: 0 } });
  const link = await createLink(merchant, offer.id, 'Counter');
  const revenue = async () =>
    ((await (await merchant.get('/api/v1/revenue/current')).json()) as { month_cents: number }).month_cents;

  // The customer subscribes on her phone with the card that attaches, then fails at renewal.
  const email = uniqueEmail('renewal');
  const context = await browser.newContext({ ...phone, locale: 'en-US' });
  const customer = await context.newPage();
  const errors: string[] = [];
  customer.on('pageerror', (error) => errors.push(error.message));
  customer.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await customer.goto(link.url);
  await customer.getByLabel('Email').fill(email);
  await customer.getByLabel('Your name').fill('Léa Petit');
  await customer.getByRole('button', { name: /^Subscribe for/ }).click();
  await payOnSandboxPage(customer, '4000 0000 0000 0341');
  await expect(customer).toHaveURL(/\/client\/app\/subscriptions\/success\?session_id=/);
  await expect(customer.getByRole('heading', { level: 1, name: 'Welcome, Léa!' })).toBeVisible();
  expect(await revenue()).toBe(1200);

  // A month later, on the merchant's test clock, the renewal is declined: the customer is told.
  const advanced = await merchant.post('/api/v1/sandbox/clock/advance', { data: { days: 32 } });
  expect(advanced.ok(), await advanced.text()).toBe(true);
  let failedMail = (await readMail(merchant, email)).find((m) => m.subject.includes('did not go through'));
  await expect
    .poll(async () => {
      failedMail = (await readMail(merchant, email)).find((m) => m.subject.includes('did not go through'));
      return !!failedMail;
    })
    .toBe(true);
  expect(failedMail!.text).toContain('€12.00');
  const payLink = linkIn(failedMail!, '/client/app/overview');
  expect(payLink).toMatch(/\/client\/app\/overview\?pay=[0-9a-f-]{36}$/);
  const subscriptionId = new URL(payLink).searchParams.get('pay')!;

  // The link lands on the sign-in page (no session on this phone any more), which leads back to it.
  await context.clearCookies();
  await customer.goto(payLink);
  await expect(customer).toHaveURL(/\/client\/login/);
  const codeMails = async () =>
    (await readMail(merchant, email)).filter((m) => /sign-in code/.test(m.subject));
  const before = (await codeMails()).length;
  await customer.getByRole('textbox', { name: 'Email' }).fill(email);
  await customer.getByRole('button', { name: 'Send me a code' }).click();
  await expect.poll(async () => (await codeMails()).length).toBe(before + 1);
  const code = (await codeMails()).at(-1)!.subject.match(/(\d{6})$/)![1]!;
  // The sixth digit signs in by itself (nothing more to press on a phone).
  await customer.getByRole('textbox', { name: '6-digit code' }).fill(code);
  await expect(customer).toHaveURL(new RegExp(`/client/app/overview\\?pay=${subscriptionId}`));

  // The pay-now step says what is due; the saved card is declined again.
  const payNow = customer.getByRole('region', { name: 'Pay now' });
  await expect(payNow).toBeVisible();
  await expect(payNow).toContainText('€12.00 is due');
  await payNow.getByRole('button', { name: /^Pay €12\.00 now$/ }).click();
  await expect(payNow).toContainText('The payment did not go through: the card was declined.');

  // Another card on the provider's page pays what is due.
  await payNow.getByRole('button', { name: 'Use another card' }).click();
  await expect(customer).toHaveURL(/\/sandbox\/pay\//);
  await payOnSandboxPage(customer, '4242 4242 4242 4242');
  await expect(customer).toHaveURL(new RegExp(`/client/app/overview\\?pay=${subscriptionId}$`));
  await expect(customer.getByText('Your new card is saved. Anything due is charged to it.')).toBeVisible();
  const card = customer.locator(`[data-subscription-id="${subscriptionId}"]`);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(customer.getByRole('region', { name: 'Pay now' })).toHaveCount(0);

  // The receipt for the renewal, and the merchant's month counts it.
  await expect
    .poll(
      async () =>
        (await readMail(merchant, email)).filter((m) => m.subject.startsWith('Your receipt')).length,
    )
    .toBe(2);
  expect(await revenue()).toBe(2400);
  // Opened signed out, the link went to the sign-in page without a refused call: no console error.
  expect(errors).toEqual([]);
  await context.close();
});

test('in French, dark, on a desktop, with the keyboard only: another card from the pay-now step', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const merchant = page.request;
  const { offer } = await sellingMerchant(merchant, { offer: { trial_days: 0 } });
  const link = await createLink(merchant, offer.id, 'Vitrine');

  // Subscribed with 0341 and renewed a month later, all through the API; signed in with a code.
  const email = uniqueEmail('clavier');
  const context = await browser.newContext({ locale: 'fr-FR', colorScheme: 'dark' });
  const api = context.request;
  const publicLink = await (await api.get(`/api/v1/public/links/${link.nest_link_id}`)).json();
  const started = await api.post(`/api/v1/public/links/${link.nest_link_id}/checkout`, {
    data: { email, name: 'Jeanne Dupont', price_version_id: publicLink.price_version_id, locale: 'fr-FR' },
  });
  const paid = await api.post(new URL((await started.json()).url).pathname, {
    form: { card_number: '4000 0000 0000 0341', card_expiry: '12 / 34', card_cvc: '123', card_name: 'J D' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  expect((await merchant.post('/api/v1/sandbox/clock/advance', { data: { days: 32 } })).ok()).toBe(true);
  expect((await api.post('/api/v1/nest-customers/login', { data: { email } })).ok()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await readMail(merchant, email)).find((m) => /code de connexion/.test(m.subject));
      code = mail?.subject.match(/(\d{6})$/)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const signedIn = await api.post('/api/v1/nest-customers/login', { data: { email, code } });
  expect(signedIn.ok()).toBe(true);
  const subscriptionId = ((await signedIn.json()) as { subscriptions: { id: string }[] }).subscriptions[0]!
    .id;

  const customer = await context.newPage();
  const errors: string[] = [];
  customer.on('pageerror', (error) => errors.push(error.message));
  customer.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await customer.goto(`/client/app/overview?pay=${subscriptionId}`);
  const payNow = customer.getByRole('region', { name: 'Payer maintenant' });
  await expect(payNow).toContainText('12,00');
  // The pay-now button has the focus; the next Tab reaches "use another card", Enter opens the page.
  await expect(payNow.getByRole('button', { name: /^Payer 12,00/ })).toBeFocused();
  await customer.keyboard.press('Tab');
  const another = payNow.getByRole('button', { name: 'Utiliser une autre carte' });
  await expect(another).toBeFocused();
  await customer.keyboard.press('Enter');
  await expect(customer).toHaveURL(/\/sandbox\/pay\//);
  await payOnSandboxPage(customer, '4242 4242 4242 4242');
  await expect(customer).toHaveURL(new RegExp(`/client/app/overview\\?pay=${subscriptionId}$`));
  await expect(
    customer.getByText('Votre nouvelle carte est enregistrée. Ce qui est dû y est prélevé.'),
  ).toBeVisible();
  await expect(
    customer.locator(`[data-subscription-id="${subscriptionId}"]`).getByText('Actif', { exact: true }),
  ).toBeVisible();
  await expect(customer.getByRole('region', { name: 'Payer maintenant' })).toHaveCount(0);
  expect(await customer.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
