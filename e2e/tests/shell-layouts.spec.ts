import { appErrors } from '../support/console-errors';
import { expect, phone, test } from '../support/fixtures';
import { expectOpenWithFocus } from '../support/layers';
import { type MerchantState, seedMerchant, seedMerchantWithNest } from '../support/merchants';
import { preferencesButton } from '../support/preferences';

/** Every route of the spec (§2) with the layout it is shown in and its title. */
/**
 * The merchant pages are guarded (spec §4): they are visited signed in, as a merchant the guard keeps
 * on the page ('ready' for /admin/app/*; a merchant with no nest yet for the create-nest form).
 */
const routes: Array<{ path: string; layout: string; title: string; as?: MerchantState }> = [
  { path: '/', layout: 'default', title: 'Turn your regulars into subscribers.' },
  { path: '/admin/login', layout: 'admin-centered', title: 'Login' },
  { path: '/admin/signup', layout: 'admin-centered', title: 'Signup' },
  { path: '/admin/pricing', layout: 'admin-centered', title: 'Pricing' },
  { path: '/admin/app/account', layout: 'admin-with-sidebar', title: 'Account', as: 'ready' },
  { path: '/admin/app/customers', layout: 'admin-with-sidebar', title: 'Customers', as: 'ready' },
  { path: '/admin/app/dashboard', layout: 'admin-with-sidebar', title: 'Dashboard', as: 'ready' },
  { path: '/admin/app/links', layout: 'admin-with-sidebar', title: 'Links', as: 'ready' },
  { path: '/admin/app/prices', layout: 'admin-with-sidebar', title: 'Prices', as: 'ready' },
  { path: '/admin/app/verify', layout: 'admin-with-sidebar', title: 'Verify', as: 'ready' },
  {
    path: '/admin/onboarding/create-nest',
    layout: 'admin-w-centered',
    title: 'Create your nest',
    as: 'not-onboarded',
  },
  {
    path: '/admin/onboarding/payment/recover',
    layout: 'admin-w-centered',
    title: 'Payment recovery',
    as: 'ready',
  },
  {
    path: '/admin/onboarding/payment/success',
    layout: 'admin-w-centered',
    title: 'Payment Successful',
    as: 'ready',
  },
  {
    path: '/admin/onboarding/stripe-connect/refresh/acct_1Qx',
    layout: 'admin-w-centered',
    title: 'Payout account setup',
    as: 'ready',
  },
  {
    path: '/admin/onboarding/stripe-connect/return/acct_1Qx',
    layout: 'admin-w-centered',
    title: 'Payout account setup',
    as: 'ready',
  },
  { path: '/client/login', layout: 'client-centered', title: 'Login' },
  // Guarded (spec §4): without a customer session it opens the login page; signed in, the overview is
  // in the client-w-centered layout (tests/customers.spec.ts).
  { path: '/client/app/overview', layout: 'client-centered', title: 'Login' },
  { path: '/client/app/subscriptions/success', layout: 'client-centered', title: 'Subscription confirmed' },
  { path: '/legal', layout: 'default', title: 'Legal' },
  { path: '/legal/documents/privacy-policy', layout: 'default', title: 'Privacy policy' },
];

test.describe('every route of the spec has its layout', () => {
  for (const route of routes) {
    test(`${route.path} is shown in the ${route.layout} layout`, async ({ page, consoleErrors }) => {
      if (route.as === 'ready') await seedMerchantWithNest(page);
      else if (route.as) await seedMerchant(page, route.as);
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title);
      await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', route.layout);
      await expect(page).toHaveTitle(
        route.path === '/' ? 'Nest · Subscriptions for independent merchants' : `${route.title} · Nest`,
      );
      // The payout pages ask the API about a made-up account id, whose 404 they handle. The customer
      // guard opens the login page without asking the API when the browser holds no customer session.
      const handles4xx = route.path.includes('/stripe-connect/');
      const errors = handles4xx ? appErrors(consoleErrors) : consoleErrors;
      expect(errors).toEqual([]);
    });
  }
});

test('a link page for an unknown link id shows the not-found page', async ({ page }) => {
  await page.goto('/links/Xk3q9Lm2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle('Page Not Found · Nest');
});

test('the merchant entry /admin sends a visitor who is not signed in to the login page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL('/admin/login');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'admin-centered');
});

test('the client layouts and the centered admin layouts show the nest brand, linking home', async ({
  page,
}) => {
  await seedMerchant(page, 'not-onboarded');
  for (const path of [
    '/client/login',
    '/client/app/overview',
    '/admin/login',
    '/admin/onboarding/create-nest',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Nest, home page' })).toHaveAttribute(
      'href',
      '/',
    );
  }
});

test.describe('the merchant sidebar on a desktop', () => {
  test('navigates between the seven sections and marks the current one', async ({ page, consoleErrors }) => {
    await seedMerchantWithNest(page);
    await page.goto('/admin/app/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const names = ['Dashboard', 'Links', 'Prices', 'Customers', 'Events', 'Verify', 'Account'];
    await expect(nav.getByRole('link')).toHaveText(names);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    for (const name of names.slice(1)) {
      await nav.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    }
    await expect(page).toHaveURL('/admin/app/account');
    await expect(page.getByRole('button', { name: 'Open the menu' })).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });

  test('carries the preferences menu (language and appearance)', async ({ page }) => {
    await seedMerchantWithNest(page);
    await page.goto('/admin/app/links');
    await expect(preferencesButton(page.getByRole('complementary'))).toBeVisible();
  });
});

test.describe('the merchant sidebar on a phone', () => {
  test.use(phone);

  test('collapses into a menu that opens, navigates and closes', async ({ page, consoleErrors }) => {
    await seedMerchantWithNest(page);
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('complementary')).toBeHidden();
    await page.getByRole('button', { name: 'Open the menu' }).tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(preferencesButton(menu)).toBeVisible();
    await menu.getByRole('link', { name: 'Customers' }).tap();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL('/admin/app/customers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers');

    await page.getByRole('button', { name: 'Open the menu' }).tap();
    await expectOpenWithFocus(menu);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });
});

test('keyboard users can skip to the content, and focus is visible', async ({ page }) => {
  await seedMerchantWithNest(page);
  await page.goto('/admin/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
});

test('route parameters reach their pages: several segments for a legal document, ids for payouts', async ({
  page,
}) => {
  await page.goto('/legal/documents/terms-of-service/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
  await seedMerchantWithNest(page);
  await page.goto(`/admin/onboarding/stripe-connect/return/${encodeURIComponent('acct_ABC-123')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payout account setup');
});

test('the product serves its API next to the app', async ({ request }) => {
  const health = await request.get('/healthz');
  expect(await health.json()).toEqual({ status: 'ok' });
});
