import type { Locator, Page } from '@playwright/test';
import { axeViolations, axeViolationsInBothSchemes } from '../support/axe';
import {
  seededCustomer,
  signInCustomerThroughApi,
  signInMail,
  subscribeThroughLink,
} from '../support/customers';
import { expect, phone, test } from '../support/fixtures';
import { expectOpenWithFocus } from '../support/layers';
import { createLink, payThroughLink, sellingMerchant } from '../support/links';
import { linkIn, waitForMail } from '../support/mail';
import { seedMerchant, uniqueEmail } from '../support/merchants';
import { createNest } from '../support/nests';
import { apiFromPage } from '../support/page-api';
import { completeSandboxOnboarding } from '../support/payouts';
import { openPreferences } from '../support/preferences';
import { cards, payOnSandboxPage } from '../support/sandbox';

/** Every screen of the merchant area a selling merchant reaches from the sidebar, and the plan pages. */
const merchantScreens = [
  '/admin/app/dashboard',
  '/admin/app/links',
  '/admin/app/prices',
  '/admin/app/customers',
  '/admin/app/transactions',
  '/admin/app/events',
  '/admin/app/verify',
  '/admin/app/account',
  '/admin/pricing',
  '/admin/forgot-password',
];

/** The violations of a page once it has settled, each line prefixed with where it was found. */
async function violationsOf(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main').first()).toBeVisible();
  return (await axeViolations(page)).map((line) => `${where}: ${line}`);
}

const pages = [
  { path: '/', heading: /./ },
  { path: '/legal', heading: 'Legal' },
  { path: '/legal/documents/privacy-policy', heading: 'Privacy policy' },
  { path: '/legal/documents/cookie-policy', heading: 'Cookie policy' },
  { path: '/legal/documents/customers/terms-of-sale', heading: 'Terms of sale' },
  { path: '/admin/login', heading: 'Login' },
  { path: '/admin/signup', heading: /./ },
  { path: '/client/login', heading: 'Login' },
  // Without its emailed token the page offers to ask again.
  { path: '/admin/reset-password', heading: 'Choose a new password' },
  { path: '/404', heading: 'Page Not Found' },
  { path: '/links/404', heading: 'Page Not Found' },
  { path: '/no/such/page', heading: 'Page Not Found' },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe finds no violation (${colorScheme})`, () => {
    test.use({ colorScheme });
    for (const { path, heading } of pages) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test('the merchant account with its data card, and the customer area with its own', async ({ page }) => {
      const { email } = await seededCustomer(page.request);
      await page.goto('/admin/app/account');
      await expect(page.getByRole('region', { name: 'Your data', exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await signInCustomerThroughApi(page.request, email);
      await page.goto('/client/app/overview');
      await expect(page.getByRole('region', { name: 'Your data', exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no violation on the merchant's screens, the link page, the sandbox checkout and the customer area (${colorScheme})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { offer } = await sellingMerchant(page.request, { offer: { trial_days: 0 } });
    const link = await createLink(page.request, offer.id);
    const found: string[] = [];

    const visitor = await browser.newContext({ colorScheme, locale: 'en-US' });
    const buyer = await visitor.newPage();
    await buyer.goto(link.url);
    found.push(...(await violationsOf(buyer, 'link page')));
    await buyer.getByLabel('Email', { exact: true }).fill(uniqueEmail('axe'));
    await buyer.getByLabel('Your name').fill('Camille Martin');
    await buyer.getByRole('button', { name: /^Subscribe for/ }).click();
    await expect(buyer).toHaveURL(/\/sandbox\/checkout\//);
    found.push(...(await violationsOf(buyer, 'sandbox checkout')));
    await visitor.close();

    const subscribed = await payThroughLink(browser, link.url, { email: uniqueEmail('axe') });
    await subscribed.buyer.emulateMedia({ colorScheme });
    found.push(...(await violationsOf(subscribed.buyer, 'success page')));
    await subscribed.buyer.goto('/client/app/overview');
    found.push(...(await violationsOf(subscribed.buyer, 'customer overview')));
    await subscribed.context.close();

    await page.emulateMedia({ colorScheme });
    for (const path of merchantScreens) {
      await page.goto(path);
      found.push(...(await violationsOf(page, path)));
    }
    expect(found).toEqual([]);
  });
}

test('axe finds no violation in French, light and dark, on the public pages, the logins and the merchant’s screens', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  const found: string[] = [];
  for (const { path } of pages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, path)));
  }
  await sellingMerchant(page.request, { locale: 'fr-FR' });
  for (const path of merchantScreens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, path)));
  }
  await context.close();
  expect(found).toEqual([]);
});

/**
 * The screens a flow reaches (a step of a form, an answer, an open dialog): each is checked where it
 * stands, in light then in dark (the app follows the system's scheme as it changes).
 */
test.describe('axe finds no violation, light and dark, on the steps of a flow', () => {
  test('the password reset: the link requested, the new-password form and its error', async ({
    page,
    context,
  }) => {
    const merchant = await seedMerchant(page, 'ready');
    await context.clearCookies();
    const found: string[] = [];
    await page.goto('/admin/forgot-password');
    await page.getByLabel('Email').fill(merchant.email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByRole('status')).toContainText('a link to choose a new password');
    found.push(...(await axeViolationsInBothSchemes(page, 'link requested')));

    const [mail] = await waitForMail(page.request, merchant.email);
    await page.goto(linkIn(mail!, '/admin/reset-password?token='));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    found.push(...(await axeViolationsInBothSchemes(page, 'new password')));
    await page.getByLabel('New password', { exact: true }).fill('too short');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'password too short')));
    expect(found).toEqual([]);
  });

  test('the customer login: the code step, and a wrong code', async ({ page }) => {
    const { email } = await seededCustomer(page.request);
    const found: string[] = [];
    await page.goto('/client/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const input = page.getByLabel('6-digit code');
    await expect(input).toBeFocused();
    found.push(...(await axeViolationsInBothSchemes(page, 'code step')));

    const { code } = await signInMail(page.request, email);
    await input.fill(code === '000000' ? '111111' : '000000');
    await expect(page.getByRole('alert').filter({ hasText: /code/ })).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'wrong code')));
    expect(found).toEqual([]);
  });

  test('the onboarding: creating the nest, payouts half set up, the sandbox connect page, payouts on, a refused account', async ({
    page,
  }) => {
    await seedMerchant(page, 'not-onboarded');
    const found: string[] = [];
    await page.goto('/admin/onboarding/create-nest');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your nest' })).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'create nest')));

    await createNest(page);
    await apiFromPage(page, 'POST', '/api/v1/nests/me/payout-account');
    const account = await apiFromPage<{ account_id: string }>(page, 'GET', '/api/v1/nests/me/payout-account');
    await page.goto(`/admin/onboarding/stripe-connect/return/${account.body.account_id}`);
    await expect(page.getByRole('heading', { name: 'Payout setup is not finished' })).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'payouts half set up')));

    await page.getByRole('button', { name: 'Continue payout setup' }).click();
    await expect(page).toHaveURL(/\/sandbox\/connect\//);
    found.push(...(await axeViolationsInBothSchemes(page, 'sandbox connect')));
    await page.locator('#business_name').fill('Café Lumière SARL');
    await page.locator('#iban').fill('FR00 1234');
    await page.locator('#iban').press('Enter');
    await expect(page.getByRole('alert')).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'sandbox connect, IBAN refused')));

    await completeSandboxOnboarding(page);
    await expect(page.getByRole('heading', { name: 'Payouts are on' })).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'payouts on')));

    await page.goto('/admin/onboarding/stripe-connect/refresh/acct_of_someone_else');
    await expect(page.getByRole('alert')).toContainText('This payout account is not yours');
    found.push(...(await axeViolationsInBothSchemes(page, 'refresh refused')));
    expect(found).toEqual([]);
  });

  test('the plan: pricing without a plan, the sandbox plan checkout and its refusal, the payment success, the payment recovery', async ({
    page,
  }) => {
    // The confirmed page moves on after 3 s; the check needs it to stay (the timer only, nothing else).
    await page.addInitScript(() => {
      const setTimeoutOfPage = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
        setTimeoutOfPage(handler, delay === 3_000 ? 600_000 : delay, ...rest)) as typeof window.setTimeout;
    });
    await seedMerchant(page, 'no-plan');
    const found: string[] = [];
    await page.goto('/admin/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
    found.push(...(await axeViolationsInBothSchemes(page, 'pricing')));

    await page.locator('[data-plan="starter"]').getByRole('button', { name: 'Choose Starter' }).click();
    await expect(page.getByRole('heading', { name: 'Subscribe to Nest Starter' })).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'sandbox plan checkout')));
    await payOnSandboxPage(page, cards.insufficientFunds);
    await expect(page.getByRole('alert')).toContainText('insufficient funds');
    found.push(...(await axeViolationsInBothSchemes(page, 'sandbox plan checkout, card declined')));

    await payOnSandboxPage(page, cards.succeeds);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful');
    await expect(page.getByRole('link', { name: 'Create my nest' })).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'payment success')));

    const overdue = await page.context().browser()!.newContext();
    const late = await overdue.newPage();
    await seedMerchant(late, 'payment-overdue');
    await late.goto('/admin/app/dashboard');
    await expect(late).toHaveURL('/admin/onboarding/payment/recover');
    await expect(late.getByRole('heading', { level: 1 })).toHaveText('Payment recovery');
    found.push(...(await axeViolationsInBothSchemes(late, 'payment recovery')));
    await overdue.close();
    expect(found).toEqual([]);
  });

  test('the sandbox card page for another card, and a checkout that is over', async ({ page, browser }) => {
    const { email } = await subscribeThroughLink(page, browser);
    await signInCustomerThroughApi(page.request, email);
    const me = (await (await page.request.get('/api/v1/nest-customers/me')).json()) as {
      subscriptions: Array<{ id: string }>;
    };
    const session = await page.request.post(
      `/api/v1/payments/external/nest-subs/${me.subscriptions[0]!.id}/card-update-session`,
    );
    expect(session.status(), await session.text()).toBe(200);
    const found: string[] = [];
    await page.goto(((await session.json()) as { url: string }).url);
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    found.push(...(await axeViolationsInBothSchemes(page, 'another card')));

    await page.goto('/sandbox/checkout/cs_that_never_was');
    found.push(...(await axeViolationsInBothSchemes(page, 'checkout over')));
    await page.goto('/sandbox/connect/acct_that_never_was');
    found.push(...(await axeViolationsInBothSchemes(page, 'connect link expired')));
    expect(found).toEqual([]);
  });

  test('an Enterprise account with a new API key and a webhook endpoint shown once, and a Starter’s events page', async ({
    page,
    browser,
  }) => {
    await seedMerchant(page, 'ready', { plan: 'enterprise' });
    await createNest(page);
    const found: string[] = [];
    await page.goto('/admin/app/account');
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByLabel('Key name').fill('Till sync');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await expect(keys.getByLabel('Your new key “Till sync”')).toBeVisible();
    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByLabel('Endpoint URL').fill('https://till.example/hooks');
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(hooks.getByLabel('Signing secret of https://till.example/hooks')).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'API key and webhook secret shown')));

    const starter = await browser.newContext();
    const starterPage = await starter.newPage();
    await seedMerchant(starterPage, 'ready', { plan: 'starter' });
    await createNest(starterPage);
    await starterPage.goto('/admin/app/events');
    await expect(
      starterPage
        .getByRole('link', { name: 'Upgrade to Pro' })
        .or(starterPage.getByRole('button', { name: 'Upgrade to Pro' })),
    ).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(starterPage, 'events, Starter')));
    await starter.close();
    expect(found).toEqual([]);
  });

  test('the generic error page', async ({ page }) => {
    await page.route(/\/assets\/admin-[^/]*\.js$/, (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
    expect(await axeViolationsInBothSchemes(page, 'generic error')).toEqual([]);
  });
});

/** Opens a dialog (or menu), checks the page with it open in both schemes, then closes it with Escape. */
async function checkOpen(page: Page, found: string[], where: string, open: () => Promise<Locator>) {
  const dialog = await open();
  await expectOpenWithFocus(dialog);
  found.push(...(await axeViolationsInBothSchemes(page, where)));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('axe finds no violation, light and dark, with a dialog open', () => {
  test('the merchant’s dialogs: customer, cancel, pause, sign-in email, refund, new price, share, poster, new event, plan change and cancel', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { offer } = await sellingMerchant(page.request, { offer: { trial_days: 0 } });
    const link = await createLink(page.request, offer.id);
    const paid = await payThroughLink(browser, link.url, { email: uniqueEmail('dialogs') });
    await paid.context.close();
    const found: string[] = [];
    const dialog = (name?: string | RegExp) => page.getByRole('dialog', name ? { name } : {}).last();

    await page.goto('/admin/app/customers');
    await page.locator('tbody > tr').first().getByRole('button', { name: 'Camille Martin' }).click();
    const drawer = page.getByRole('dialog', { name: 'Camille Martin' });
    await expect(drawer).toBeVisible();
    found.push(...(await axeViolationsInBothSchemes(page, 'customer drawer')));
    for (const [action, title, where] of [
      ['Cancel subscription…', `Cancel ${offer.name}?`, 'cancel subscriber'],
      ['Pause subscription…', `Pause ${offer.name}?`, 'pause subscriber'],
      ['Send the pass again', 'Send a new sign-in email?', 'send sign-in email'],
    ] as const) {
      await checkOpen(page, found, where, async () => {
        await drawer.getByRole('button', { name: action }).click();
        return dialog(title);
      });
    }
    // The drawer is the top layer again (the focus back in it) before Escape is pressed for it.
    await expectOpenWithFocus(drawer);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.goto('/admin/app/transactions');
    await checkOpen(page, found, 'refund', async () => {
      await page.getByRole('button', { name: /^Refund the payment of / }).click();
      return dialog('Refund a payment');
    });

    await page.goto('/admin/app/prices');
    await checkOpen(page, found, 'new price', async () => {
      await page.getByRole('button', { name: 'New price' }).first().click();
      return dialog('New price');
    });
    await checkOpen(page, found, 'share', async () => {
      await page.getByRole('button', { name: `Share ${offer.name}` }).click();
      return dialog(`Share “${offer.name}”`);
    });

    await page.goto('/admin/app/links');
    await checkOpen(page, found, 'poster', async () => {
      await page.getByRole('button', { name: 'Print poster' }).first().click();
      return dialog('Poster for “Counter”');
    });

    await page.goto('/admin/app/events');
    await checkOpen(page, found, 'new event', async () => {
      await page.getByRole('button', { name: 'New event' }).first().click();
      return dialog();
    });

    await page.goto('/admin/app/account');
    const plan = page.getByRole('region', { name: 'Plan', exact: true });
    await checkOpen(page, found, 'change plan', async () => {
      await plan.getByRole('button', { name: 'Change plan' }).click();
      return dialog('Change plan');
    });
    await checkOpen(page, found, 'cancel plan', async () => {
      await plan.getByRole('button', { name: 'Cancel plan' }).click();
      return dialog(/^Cancel your .* plan\?$/);
    });
    await checkOpen(page, found, 'preferences menu', async () =>
      openPreferences(page, page.getByRole('complementary')),
    );
    expect(found).toEqual([]);
  });

  test('the merchant’s menu on a phone, and the customer’s cancel and pause dialogs', async ({
    page,
    browser,
  }) => {
    const { offer } = await sellingMerchant(page.request, {
      offer: { trial_days: 0, customer_pause_max_periods: 2 },
    });
    const link = await createLink(page.request, offer.id);
    const email = uniqueEmail('dialogs');
    const paid = await payThroughLink(browser, link.url, { email });
    await paid.context.close();
    const found: string[] = [];
    await page.setViewportSize(phone.viewport);
    await page.goto('/admin/app/dashboard');
    await checkOpen(page, found, 'phone menu', async () => {
      await page.getByRole('button', { name: 'Open the menu' }).click();
      return page.getByRole('dialog', { name: 'Menu' });
    });

    await signInCustomerThroughApi(page.request, email);
    await page.goto('/client/app/overview');
    await checkOpen(page, found, 'customer cancel', async () => {
      await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
      return page.getByRole('dialog', { name: /^Cancel .*\?$/ });
    });
    await checkOpen(page, found, 'customer pause', async () => {
      await page.getByRole('button', { name: 'Pause…' }).click();
      return page.getByRole('dialog', { name: /^Pause .*\?$/ });
    });
    expect(found).toEqual([]);
  });
});

test('the check does report a violation (a control)', async ({ page }) => {
  await page.setContent('<html lang="en"><body><main><h1>Form</h1><input type="text"></main></body></html>');
  expect((await axeViolations(page)).some((line) => line.startsWith('label'))).toBe(true);
});

test('the check in both schemes does look at the dark one (a control)', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Control</title><style>@media (prefers-color-scheme: dark) { body { background: #000 } p { color: #222 } }</style></head>' +
      '<body><main><h1>Control</h1><p>Read me</p></main></body></html>',
  );
  const found = await axeViolationsInBothSchemes(page, 'control');
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^control \(dark\): color-contrast/);
});
