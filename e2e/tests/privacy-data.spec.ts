import { strFromU8, unzipSync } from 'fflate';
import { seededCustomer, signInCustomerThroughApi, subscribeThroughLink } from '../support/customers';
import { expect, test } from '../support/fixtures';
import { linkIn, readMail, type SentMail, waitForMail } from '../support/mail';
import { SEEDED_PASSWORD } from '../support/merchants';

test('a merchant gets their data by email, their customers and no other merchant’s, is refused deletion with a subscriber, then deletes after cancelling', async ({
  page,
  browser,
}) => {
  // A merchant with one subscribed customer, signed in in this browser; another merchant with theirs.
  const { email: customerEmail } = await seededCustomer(page.request);
  const other = await browser.newContext();
  const { email: otherCustomerEmail } = await seededCustomer(other.request, { name: 'Paul Simon' });
  await other.close();
  const me = (await (await page.request.get('/api/v1/users/me')).json()) as { email: string };

  await page.goto('/admin/app/account');
  const card = page.getByRole('region', { name: 'Your data', exact: true });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Email me my data' }).click();
  await expect(card.getByText(`A download link will arrive at ${me.email}`)).toBeVisible();
  const [mail] = await waitForMail(page.request, me.email);
  expect(mail!.subject).toBe('Your Nest data is ready to download');
  const download = await page.request.get(linkIn(mail!, '/api/v1/data-exports/'));
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/zip');
  const files = unzipSync(await download.body());
  const customers = strFromU8(files['customers.json']!);
  expect(customers).toContain(customerEmail);
  expect(customers).toContain('Inès Moreau');
  const everything = Object.values(files)
    .map((file) => strFromU8(file))
    .join('\n');
  expect(everything).not.toContain(otherCustomerEmail);
  expect(everything).not.toContain('Paul Simon');

  // Deleting: refused while the customer is subscribed, with the choice to cancel them.
  await card.getByLabel('Your password, to confirm').fill(SEEDED_PASSWORD);
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const warning = card.getByRole('alert').filter({ hasText: 'still running' });
  await expect(warning).toBeVisible();
  await expect(page).toHaveURL('/admin/app/account');
  await warning.getByRole('checkbox', { name: /Cancel all these subscriptions now/ }).check();
  await card.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  // Signed out for good.
  expect((await page.request.get('/api/v1/users/me')).status()).toBe(401);
  const login = await page.request.post('/api/v1/users/login', {
    data: { email: me.email, password: SEEDED_PASSWORD },
  });
  expect(login.status()).toBe(401);
});

test('a customer gets their data by email, cancels, then deletes their account', async ({
  page,
  browser,
}) => {
  const { email } = await subscribeThroughLink(page, browser);
  await signInCustomerThroughApi(page.request, email);
  await page.goto('/client/app/overview');
  const card = page.getByRole('region', { name: 'Your data', exact: true });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Email me my data' }).click();
  await expect(card.getByText(`A download link will arrive at ${email}`)).toBeVisible();
  let exportMail: SentMail | undefined;
  await expect
    .poll(
      async () => {
        exportMail = (await readMail(page.request, email)).find((m) => m.subject.includes('data is ready'));
        return Boolean(exportMail);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const download = await page.request.get(linkIn(exportMail!, '/api/v1/data-exports/'));
  expect(download.headers()['content-type']).toBe('application/zip');

  // Refused while the subscription renews; the customer cancels it, then deletes.
  const confirm = card.getByLabel(/Type your email/);
  await confirm.fill(email);
  await card.getByRole('button', { name: 'Delete my account' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'A subscription is still running. Cancel it first, then delete your account.',
  );
  const me = (await (await page.request.get('/api/v1/nest-customers/me')).json()) as {
    subscriptions: Array<{ id: string }>;
  };
  const cancelled = await page.request.post(
    `/api/v1/nest-customers/me/subscriptions/${me.subscriptions[0]!.id}/cancel`,
  );
  expect(cancelled.status()).toBe(200);
  await card.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  expect((await page.request.get('/api/v1/nest-customers/me')).status()).toBe(401);
});
