import type { Browser, Page } from '@playwright/test';
import { seededCustomer, signInCustomerThroughApi } from '../support/customers';
import { collectConsoleErrors, expect, phone, test } from '../support/fixtures';
import { sellingMerchant } from '../support/links';
import { holdAppEntry, layoutShift, resetLayoutShift, watchLayoutShift } from '../support/painted-page';

/**
 * The dashboard and the customer's overview arrive painted with their data (ADR 209): the server
 * renders the app's first render for the signed-in visitor and sends the data with it; the app then
 * adopts that markup in place, with no second fetch and nothing moved.
 */

/** The painted root's markup, without what only the running app adds (the toasts' live region, the charts). */
function rootMarkup(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.getElementById('root')!.cloneNode(true) as HTMLElement;
    const added = root.querySelectorAll('section[aria-label^="Notifications"], [data-charts]');
    for (const live of Array.from(added)) live.remove();
    return root.innerHTML;
  });
}

async function merchantPage(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(options);
  await sellingMerchant(context.request, { plan: 'pro' });
  return { context, page: await context.newPage() };
}

async function customerPage(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(options);
  const { email } = await seededCustomer(context.request);
  await signInCustomerThroughApi(context.request, email);
  return { context, page: await context.newPage() };
}

const pages = [
  {
    path: '/admin/app/dashboard',
    open: merchantPage,
    device: {},
    colorScheme: 'dark',
    lang: 'en',
    // The figures, from the server's data: what the merchant came for.
    painted: (page: Page) => page.getByTestId('month-revenue'),
    heading: 'Dashboard',
  },
  {
    path: '/client/app/overview',
    open: customerPage,
    device: phone,
    colorScheme: 'light',
    lang: 'fr',
    // The pass, drawn by the server: the page's largest element.
    painted: (page: Page) => page.getByRole('img', { name: /QR/ }),
    heading: 'Inès Moreau',
  },
] as const;

for (const target of pages) {
  test(`${target.path} is painted with its data before the app's scripts run (${target.lang}, ${target.colorScheme})`, async ({
    browser,
  }) => {
    const { context, page } = await target.open(browser, {
      ...target.device,
      colorScheme: target.colorScheme,
      locale: target.lang === 'fr' ? 'fr-FR' : 'en-US',
    });
    const scripts: string[] = [];
    await page.route('**/assets/*.js', (route) => {
      scripts.push(route.request().url());
      return route.abort();
    });
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto(`${target.path}?lang=${target.lang}`, { waitUntil: 'domcontentloaded' });
    await expect(target.painted(page)).toBeVisible();
    await expect(page.getByText(target.heading).first()).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute(
      'data-prerendered',
      target.lang === 'en' ? 'en-US' : 'fr-FR',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', target.lang === 'en' ? 'en-US' : 'fr-FR');
    // Visible at its first paint: no fade from zero on the way in.
    const opacity = await target.painted(page).evaluate((element) => {
      let node: Element | null = element;
      let product = 1;
      while (node) {
        product *= Number(getComputedStyle(node).opacity);
        node = node.parentElement;
      }
      return product;
    });
    expect(opacity).toBe(1);
    // The page asked for the app (blocked here), and nothing was asked of the API.
    await expect.poll(() => scripts.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
    expect(apiCalls).toEqual([]);
    await context.close();
  });

  test(`the app takes ${target.path} over in place with the server's data: same markup, no call, nothing moved`, async ({
    browser,
  }) => {
    const { context, page } = await target.open(browser, {
      ...target.device,
      colorScheme: target.colorScheme,
      locale: target.lang === 'fr' ? 'fr-FR' : 'en-US',
    });
    const errors = collectConsoleErrors(page);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) apiCalls.push(pathname);
    });
    await watchLayoutShift(page);
    const release = await holdAppEntry(page);
    await page.goto(`${target.path}?lang=${target.lang}`, { waitUntil: 'domcontentloaded' });
    await expect(target.painted(page)).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const painted = await rootMarkup(page);
    await page.evaluate(() => {
      (window as unknown as { paintedMain: unknown }).paintedMain = document.querySelector('main');
    });
    await resetLayoutShift(page);

    release();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(target.painted(page)).toBeVisible();
    expect(await rootMarkup(page)).toEqual(painted);
    // Adopted, not rebuilt.
    expect(
      await page.evaluate(
        () => document.querySelector('main') === (window as unknown as { paintedMain: unknown }).paintedMain,
      ),
    ).toBe(true);
    expect(await layoutShift(page)).toBe(0);
    // The page's data came with it: the app asked the API for none of what it shows.
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a page address with other parameters, or without a session, is not painted: the app renders it', async ({
  browser,
}) => {
  const { context, page } = await merchantPage(browser, { locale: 'en-US' });
  await page.goto('/admin/app/dashboard?from=email');
  await expect(page.getByTestId('month-revenue')).toBeVisible();
  await context.close();

  const visitor = await browser.newContext();
  const response = await visitor.request.get('/admin/app/dashboard', {
    headers: { cookie: 'nest_locale=en-US' },
  });
  expect(await response.text()).not.toContain('data-prerendered');
  await visitor.close();
});

test('a painted overview whose guard sends the visitor away in the browser (a sign-out not yet heard) ends on the login page, whole', async ({
  browser,
}) => {
  const { context, page } = await customerPage(browser, { ...phone, locale: 'en-US' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The sign-out this browser remembers (ADR 082): the server still has the session, so it paints.
  await page.addInitScript(() => window.localStorage.setItem('nest.customer.logout-pending', '1'));
  const response = await page.goto('/client/app/overview');
  expect(await response!.text()).toContain('data-prerendered');
  await expect(page).toHaveURL(/\/client\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR/ })).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  expect(errors).toEqual([]);
  await context.close();
});

test('a button pressed on the painted dashboard before the app is there is pressed again by the app (phone menu)', async ({
  browser,
}) => {
  const { context, page } = await merchantPage(browser, { ...phone, locale: 'en-US' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const release = await holdAppEntry(page);
  await page.goto('/admin/app/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en-US');
  // Pressed twice while the page is only painted: held once, nothing opens yet.
  const open = page.getByRole('button', { name: 'Open the menu' });
  await open.click();
  await open.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close the menu' })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
