import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, phone } from './fixtures';
import { createLink, payThroughLink, sellingMerchant } from './links';
import { readMail, type SentMail } from './mail';
import { uniqueEmail } from './merchants';

/** Where the web app keeps the signed-in customer (apps/web/src/lib/session-storage.ts). */
export const STORED_CUSTOMER_KEY = 'nest.customer';

/** The newest sign-in email to an address: its 6-digit code (end of the subject) and its link. */
export async function signInMail(request: APIRequestContext, email: string, after = 0) {
  let mail: SentMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readMail(request, email)).filter((m) =>
          /sign-in code|code de connexion/.test(m.subject),
        );
        mail = mails.length > after ? mails.at(-1) : undefined;
        return Boolean(mail);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const code = mail!.subject.match(/(\d{6})$/)?.[1];
  const link = mail!.text.match(/https?:\/\/\S+\/client\/login\?token=\S+/)?.[0];
  if (!code || !link) throw new Error(`No code or link in "${mail!.subject}":\n${mail!.text}`);
  return { code, link, count: after + 1 };
}

/** A customer attached to the offer straight away (test route): for the tests that are not about checkout. */
export async function seededCustomer(
  request: APIRequestContext,
  options: { status?: 'active' | 'past_due'; name?: string } = {},
) {
  const { offer } = await sellingMerchant(request, { payouts: false });
  const email = uniqueEmail('customer');
  const response = await request.post(`/api/v1/test/offers/${offer.id}/subscribers`, {
    data: { email, name: options.name ?? 'Inès Moreau', status: options.status ?? 'active' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { subscription_id: subscriptionId } = (await response.json()) as { subscription_id: string };
  return { email, subscriptionId, offer };
}

/** The merchant's link, opened on a phone and paid with 4242… on the sandbox's hosted page. */
export async function subscribeThroughLink(page: Page, browser: Browser) {
  const { offer } = await sellingMerchant(page.request, { offer: { trial_days: 0 } });
  const link = await createLink(page.request, offer.id);
  const email = uniqueEmail('camille');
  const { context, buyer } = await payThroughLink(browser, link.url, { email });
  await expect(buyer.getByRole('heading', { level: 1, name: 'Welcome, Camille!' })).toBeVisible();
  await context.close();
  return { email, offer };
}

/** Email, then the code from the dev mail transport, in the page's language (English). */
export async function logInWithCode(page: Page, email: string) {
  await page.goto('/client/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  // The API's plain sentence, the same whether or not the email is known.
  await expect(page.getByRole('status').filter({ hasText: /code/i }).first()).toBeVisible();
  const { code } = await signInMail(page.request, email);
  // Six digits sign in by themselves.
  await page.getByLabel('6-digit code').fill(code);
  await expect(page).toHaveURL('/client/app/overview');
}

/** A customer in their own phone browser (English), signed in to their area with the emailed code. */
export async function customerArea(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ ...phone, locale: 'en-US' });
  const page = await context.newPage();
  await logInWithCode(page, email);
  return page;
}

/** Signs a customer in through the API (email, then the mailed code): the session cookies land in `request`'s browser. */
export async function signInCustomerThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const before = (await readMail(request, email)).filter((m) =>
    /sign-in code|code de connexion/.test(m.subject),
  );
  expect((await request.post('/api/v1/nest-customers/login', { data: { email } })).ok()).toBe(true);
  const { code } = await signInMail(request, email, before.length);
  const response = await request.post('/api/v1/nest-customers/login', { data: { email, code } });
  expect(response.status(), await response.text()).toBe(200);
}

/** What the web app keeps as the signed-in customer in this tab, or null. */
export const storedCustomer = (page: Page) =>
  page.evaluate((key) => window.sessionStorage.getItem(key), STORED_CUSTOMER_KEY);
