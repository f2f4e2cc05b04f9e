import { appErrors } from '../support/console-errors';
import {
  logInWithCode,
  seededCustomer,
  signInMail,
  storedCustomer,
  subscribeThroughLink,
} from '../support/customers';
import { expect, phone, test } from '../support/fixtures';
import { expectOpenWithFocus } from '../support/layers';
import { readMail } from '../support/mail';

test.use({ ...phone, locale: 'en-US' });

test('a customer who subscribed through a link signs in with the emailed code, shows a rotating pass, cancels in three clicks, resumes and signs out with the API down', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const { email, offer } = await subscribeThroughLink(page, browser);

  // A new browser (the merchant's was used to seed): the customer on their phone.
  const context = await browser.newContext({ ...phone, locale: 'en-US' });
  const customer = await context.newPage();
  const errors: string[] = [];
  customer.on('pageerror', (error) => errors.push(error.message));
  customer.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await logInWithCode(customer, email);

  await expect(customer.locator('[data-layout]')).toHaveAttribute('data-layout', 'client-w-centered');
  await expect(customer.getByRole('heading', { level: 1, name: 'Your subscriptions' })).toBeVisible();
  await expect(customer.getByTestId('customer-identity')).toContainText('Camille Martin');
  await expect(customer.getByTestId('customer-identity')).toContainText(email);
  expect(JSON.parse((await storedCustomer(customer))!)).toMatchObject({ email, name: 'Camille Martin' });

  const card = customer.getByTestId('subscription-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Café Lumière' })).toBeVisible();
  await expect(card.getByText(offer.name, { exact: true })).toBeVisible();
  await expect(card.getByTestId('subscription-price')).toHaveText('€12.00 / month');
  await expect(card.getByTestId('subscription-status')).toHaveText('Active');
  await expect(card.getByTestId('subscription-schedule')).toHaveText(
    /^Next payment: €12\.00 on \w+ \d+, \d{4}$/,
  );
  await expect(card.getByText('One coffee per day')).toBeVisible();

  // The pass: a large QR code, the name and the human code, on white.
  const pass = card.getByTestId('pass');
  await expect(pass.getByRole('img', { name: 'Pass QR code for Camille Martin' })).toBeVisible();
  await expect(pass.getByText('Camille Martin', { exact: true })).toBeVisible();
  await expect(pass.getByTestId('pass-code')).toHaveText(/^[0-9A-Z]{8}$/);
  const box = await pass.getByRole('img').boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(250);
  expect(await pass.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  await expect(pass).not.toHaveAttribute('data-token', '');
  const firstToken = await pass.getAttribute('data-token');

  // Cancel: two clicks from the overview (the law allows three).
  let clicks = 0;
  const click = async (name: string) => {
    clicks += 1;
    // A tap, as on a phone (a mouse left over the toast area would hold the toasts open).
    await customer.getByRole('button', { name, exact: true }).tap();
  };
  await click('Cancel subscription');
  const dialog = customer.getByRole('dialog', { name: `Cancel ${offer.name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('We will email you a confirmation.');
  await click('Confirm cancellation');
  await expect(customer.getByText('Subscription cancelled.')).toBeVisible();
  await expect(customer.getByText('A confirmation email is on its way.')).toBeVisible();
  expect(clicks).toBeLessThanOrEqual(3);
  await expect(card.getByTestId('subscription-status')).toHaveText('Cancelled, still running');
  await expect(card.getByTestId('subscription-schedule')).toHaveText(/^Ends on .+\. No further payment\.$/);
  await expect
    .poll(async () => (await readMail(customer.request, email)).some((m) => /is cancelled$/.test(m.subject)))
    .toBe(true);

  // Resume before the end.
  await card.getByRole('button', { name: 'Resume subscription' }).tap();
  await expect(customer.getByText(`${offer.name} will continue. Welcome back!`)).toBeVisible();
  await expect(card.getByTestId('subscription-status')).toHaveText('Active');
  await expect(card.getByTestId('subscription-schedule')).toHaveText(/^Next payment:/);

  // The invoice history opens on demand.
  await card.getByRole('button', { name: 'Invoices and receipts' }).tap();
  await expect(card.getByRole('listitem').filter({ hasText: 'Paid' })).toHaveCount(1);

  // The pass renews itself: a token is good for one 30-second step and the next.
  await expect(pass).not.toHaveAttribute('data-token', firstToken!, { timeout: 45_000 });
  await expect(pass.getByRole('img')).toBeVisible();

  // Sign out while the API cannot be reached: the tab is cleared and the login page opens anyway.
  await customer.route('**/api/v1/nest-customers/logout', (route) => route.abort('connectionrefused'));
  await customer.getByRole('button', { name: 'Sign out' }).tap();
  await expect(customer).toHaveURL('/client/login');
  await expect(customer.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  expect(await storedCustomer(customer)).toBeNull();

  // Back online, the area does not open again for the old session: the sign-out is sent first.
  await customer.unroute('**/api/v1/nest-customers/logout');
  await customer.goto('/client/app/overview');
  await expect(customer).toHaveURL('/client/login');
  await expect(customer.getByLabel('Email', { exact: true })).toBeVisible();
  expect((await customer.request.get('/api/v1/nest-customers/me')).status()).toBe(401);
  await customer.goto('/client/app/overview');
  await expect(customer).toHaveURL('/client/login');

  // The browser logs the refused calls (aborted logout, 401s) as errors; nothing else.
  expect(
    errors.filter((text) => !/status of 401|ERR_CONNECTION_REFUSED|Failed to load resource/.test(text)),
  ).toEqual([]);
  await context.close();
  expect(appErrors(consoleErrors)).toEqual([]);
});

test('the emailed link signs in once; used again it says so and leads back to the email step', async ({
  page,
  browser,
}) => {
  const { email } = await seededCustomer(page.request);
  await page.goto('/client/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  const { link } = await signInMail(page.request, email);

  // Opened on another device (a new context): it signs in there.
  const context = await browser.newContext({ ...phone, locale: 'en-US' });
  const phonePage = await context.newPage();
  await phonePage.goto(link);
  await expect(phonePage).toHaveURL('/client/app/overview');
  await expect(phonePage.getByTestId('subscription-card')).toHaveCount(1);
  await expect(phonePage.getByTestId('pass').getByRole('img')).toBeVisible();
  await context.close();

  // The link is single-use.
  const other = await browser.newContext({ ...phone, locale: 'en-US' });
  const again = await other.newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toContainText('This sign-in link did not work.');
  await again.getByRole('button', { name: 'Get a new code by email' }).click();
  await expect(again).toHaveURL('/client/login');
  await expect(again.getByLabel('Email', { exact: true })).toHaveValue(email);
  expect(await storedCustomer(again)).toBeNull();
  await other.close();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the login page speaks French: wrong code keeps the input, the resend counts down from 60 s', async ({
    page,
    consoleErrors,
  }) => {
    const { email } = await seededCustomer(page.request);
    await page.clock.install();
    await page.goto('/client/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Recevoir un code' }).click();
    const input = page.getByLabel('Code à 6 chiffres');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByText(`Code envoyé à ${email}`)).toBeVisible();
    // The page's clock runs in real time between the steps: a loaded machine may take a few seconds.
    await expect(page.getByTestId('resend-countdown')).toHaveText(
      /^Vous pourrez demander un nouveau code dans (60|5\d) secondes\.$/,
    );
    const resend = page.getByRole('button', { name: 'Recevoir un nouveau code' });
    await expect(resend).toBeDisabled();

    // A wrong code: the API's message in French, and the code stays to be corrected.
    const { code } = await signInMail(page.request, email);
    const wrong = code === '000000' ? '111111' : '000000';
    await input.fill(wrong);
    const refused = 'Ce code ou ce lien n’est pas valide, a expiré ou a déjà servi. Demandez-en un nouveau.';
    await expect(page.getByRole('alert')).toHaveText(refused);
    await expect(input).toHaveAccessibleDescription(new RegExp(refused.replace(/[.?]/g, '\\$&')));
    await expect(input).toHaveValue(wrong);

    await page.clock.fastForward(30_000);
    await expect(page.getByTestId('resend-countdown')).toHaveText(/dans (30|[12]\d) secondes/);
    await page.clock.fastForward(31_000);
    await expect(page.getByTestId('resend-countdown')).toHaveCount(0);
    await expect(resend).toBeEnabled();
    await resend.click();
    const second = await signInMail(page.request, email, 1);
    await expect(page.getByTestId('resend-countdown')).toHaveText(/dans (60|5\d) secondes/);

    // Pasted with spaces, the new code still signs in.
    await input.fill(`${second.code.slice(0, 3)} ${second.code.slice(3)}`);
    await expect(page).toHaveURL('/client/app/overview');
    await expect(page.getByRole('heading', { level: 1, name: 'Vos abonnements' })).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText('Actif');
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});

test('keyboard only: email, Enter, code, and the overview', async ({ page }) => {
  const { email } = await seededCustomer(page.request);
  await page.goto('/client/login');
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  const { code } = await signInMail(page.request, email);
  await page.keyboard.type(code);
  await expect(page).toHaveURL('/client/app/overview');
  // The cancel dialog opens and closes from the keyboard, focus back on its button.
  const cancel = page.getByRole('button', { name: 'Cancel subscription' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expectOpenWithFocus(page.getByRole('dialog'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cancel).toBeFocused();
});

test('the payment-failed email’s address signs in and lands on the pay-now step, in view and focused', async ({
  page,
}) => {
  const { email, subscriptionId } = await seededCustomer(page.request, { status: 'past_due' });
  // Not signed in: the guard sends the visitor to the login page, remembering where they were going.
  await page.goto(`/client/app/overview?pay=${subscriptionId}`);
  await expect(page).toHaveURL(/\/client\/login\?next=/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const { code } = await signInMail(page.request, email);
  await page.getByLabel('6-digit code').fill(code);
  await expect(page).toHaveURL(`/client/app/overview?pay=${subscriptionId}`);
  const payNow = page.getByTestId('pay-now');
  await expect(payNow).toContainText('€12.00 is due');
  await expect(payNow.getByRole('button', { name: 'Pay €12.00 now' })).toBeFocused();
  await expect(payNow).toBeInViewport();
  await expect(page.getByTestId('subscription-status')).toHaveText('Payment overdue');
});

test('a customer with no session is sent to the login page from the area, not from the success page', async ({
  page,
}) => {
  await page.goto('/client/app/overview');
  await expect(page).toHaveURL('/client/login');
  await page.goto('/client/app/subscriptions/success');
  await expect(page).toHaveURL('/client/app/subscriptions/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeVisible();
});

test('the app can be installed: manifest, icons and theme colour', async ({ page }) => {
  await page.goto('/client/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e');
  const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as { start_url: string; icons: { src: string }[] };
  expect(body.start_url).toBe('/client/app/overview');
  for (const src of [...body.icons.map((icon) => icon.src), href!]) {
    const icon = await page.request.get(src);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }
});
