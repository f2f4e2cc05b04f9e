import { appErrors } from '../support/console-errors';
import { expect, test } from '../support/fixtures';
import {
  ACCESS_COOKIE,
  expireAccessToken,
  type MerchantState,
  REFRESH_COOKIE,
  seedMerchant,
  storedAccount,
} from '../support/merchants';

/** Where /admin/app/dashboard ends for each state, in the order the guard checks them (spec §4). */
const branches: Array<{ state: MerchantState; lands: string; heading: string }> = [
  { state: 'no-plan', lands: '/admin/pricing', heading: 'Pricing' },
  { state: 'payment-overdue', lands: '/admin/onboarding/payment/recover', heading: 'Payment recovery' },
  { state: 'not-onboarded', lands: '/admin/onboarding/create-nest', heading: 'Create your nest' },
  { state: 'ready', lands: '/admin/app/dashboard', heading: 'Dashboard' },
];

test.describe('the merchant guard of /admin/app, branch by branch in the spec’s order', () => {
  for (const branch of branches) {
    test(`a merchant in state "${branch.state}" opening the dashboard ends on ${branch.lands}`, async ({
      page,
      consoleErrors,
    }) => {
      const merchant = await seedMerchant(page, branch.state);
      await page.goto('/admin/app/dashboard');
      await expect(page).toHaveURL(branch.lands);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(branch.heading);
      // The guard loaded the merchant and kept it as the stored account of the tab.
      expect((await storedAccount(page))?.email).toBe(merchant.email);
      expect(appErrors(consoleErrors)).toEqual([]);
    });
  }

  test('the same checks run for every page of /admin/app, not only the dashboard', async ({ page }) => {
    await seedMerchant(page, 'not-onboarded');
    for (const path of ['/admin/app/links', '/admin/app/account', '/admin/app/verify']) {
      await page.goto(path);
      await expect(page).toHaveURL('/admin/onboarding/create-nest');
    }
  });

  test('onboarding pages need a session only: a merchant without a plan may open them', async ({ page }) => {
    await seedMerchant(page, 'no-plan');
    await page.goto('/admin/onboarding/create-nest');
    await expect(page).toHaveURL('/admin/onboarding/create-nest');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your nest');
  });
});

test.describe('the session part of the guards', () => {
  test('an expired access token with a valid refresh token is refreshed, and the merchant stays', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await seedMerchant(page, 'ready');
    const refreshBefore = (await context.cookies()).find((c) => c.name === REFRESH_COOKIE)?.value;
    await expireAccessToken(context);
    const calls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/v1/users/')) calls.push(path);
    });
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page).toHaveURL('/admin/app/dashboard');
    // Loaded, refused, refreshed, loaded again: the spec's order.
    // (The dashboard's own data calls follow; only the session's are compared.)
    expect(calls.filter((call) => /\/users\/(me|refresh-tokens)$/.test(call))).toEqual([
      '/api/v1/users/me',
      '/api/v1/users/refresh-tokens',
      '/api/v1/users/me',
    ]);
    const refreshAfter = (await context.cookies()).find((c) => c.name === REFRESH_COOKIE)?.value;
    expect(refreshAfter).toBeTruthy();
    expect(refreshAfter).not.toBe(refreshBefore);
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('a tab that was on the dashboard, its access cookie expired, opens the dashboard again: refreshed, it stays', async ({
    page,
    context,
  }) => {
    const merchant = await seedMerchant(page, 'ready');
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expireAccessToken(context);
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v1/users/refresh-tokens')
        refreshes.push(response.status());
    });
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page).toHaveURL('/admin/app/dashboard');
    expect(refreshes).toEqual([200]);
    expect((await storedAccount(page))?.email).toBe(merchant.email);
  });

  test('a renewal whose answers were lost (the network dropped, the merchant reloads) is asked again with its key, and the merchant stays', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const merchant = await seedMerchant(page, 'ready');
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    // The server rotates, but its answer is lost on the way: the browser keeps the cookies it had.
    // (route.fetch stores the answer's cookies in the context; putting the old ones back is the loss.)
    const kept = (await context.cookies()).filter((c) => c.name === REFRESH_COOKIE);
    const lostKeys: string[] = [];
    await page.route('**/api/v1/users/refresh-tokens', async (route) => {
      expect((await route.fetch()).status()).toBe(200);
      await context.clearCookies({ name: ACCESS_COOKIE });
      await context.addCookies(kept);
      await route.abort('connectionreset');
      lostKeys.push(route.request().headers()['idempotency-key'] ?? '');
    });
    await expireAccessToken(context);
    // Every renewal sent (the lost ones, the client's retry, the next page's guard), with its key.
    const renewalKeys: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/users/refresh-tokens')
        renewalKeys.push(request.headers()['idempotency-key'] ?? '');
    });
    // The next page's guard is refused and renews the session; the renewal's answer is lost (and so is
    // the client's one retry, or any other renewal, while the route is there: each sends the same key).
    await page.getByRole('complementary').getByRole('link', { name: 'Links' }).click();
    await expect.poll(() => lostKeys.length).toBeGreaterThan(0);
    await page.unrouteAll({ behavior: 'wait' });
    await page.goto('/admin/app/dashboard', { waitUntil: 'commit' });
    // (The page left may have said it could not reach the server, as it should.)
    const errorsBefore = consoleErrors.length;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page).toHaveURL('/admin/app/dashboard');
    // Without the key, the next renewal would present a used refresh token: a stolen copy, the session
    // revoked, the login page. With it, the same rotation asked again gets the tokens its answer carried.
    // (It is asked again by the page left, if its one retry got through, or by the next page's guard.)
    expect(renewalKeys.length).toBeGreaterThan(lostKeys.length);
    expect(new Set(renewalKeys)).toEqual(new Set([lostKeys[0]]));
    expect((await storedAccount(page))?.email).toBe(merchant.email);
    expect(appErrors(consoleErrors.slice(errorsBefore))).toEqual([]);
  });

  test('a rotation time left in the future (the clock was set back) does not make the guard skip the refresh', async ({
    page,
    context,
  }) => {
    await seedMerchant(page, 'ready');
    await page.goto('/');
    // What a tab wrote after a rotation while the computer's clock was an hour ahead.
    await page.evaluate(() =>
      localStorage.setItem('nest.session-refreshed-at', String(Date.now() + 60 * 60 * 1000)),
    );
    await expireAccessToken(context);
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page).toHaveURL('/admin/app/dashboard');
  });

  test('with both tokens gone the stored account is cleared and the visitor goes to the login page', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const merchant = await seedMerchant(page, 'ready');
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    expect((await storedAccount(page))?.email).toBe(merchant.email);

    await context.clearCookies();
    await page.getByRole('complementary').getByRole('link', { name: 'Links' }).click();
    await expect(page).toHaveURL('/admin/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
    expect(await storedAccount(page)).toBeNull();
    // Someone who was signed in hears why they are on the login page.
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    expect(appErrors(consoleErrors)).toEqual([]);
  });

  test('a visitor who never signed in goes from any merchant page to the login page', async ({ page }) => {
    for (const path of [
      '/admin/app/dashboard',
      '/admin/onboarding/create-nest',
      '/admin/onboarding/payment/recover',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL('/admin/login');
    }
    await expect(page.getByText('Your session has ended.')).toHaveCount(0);
  });

  test('a refresh token that was revoked (logged out elsewhere) ends on the login page too', async ({
    page,
    browser,
    context,
  }) => {
    await seedMerchant(page, 'ready');
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    // The same session, logged out from another browser that holds a copy of its cookies.
    const other = await browser.newContext();
    await other.addCookies(await context.cookies());
    expect((await other.request.get('/api/v1/users/logout')).status()).toBe(204);
    await other.close();

    await page.reload();
    await expect(page).toHaveURL('/admin/login');
    expect(await storedAccount(page)).toBeNull();
  });

  test('two tabs refreshing at the same moment both stay signed in (one rotation at a time)', async ({
    page,
    context,
  }) => {
    await seedMerchant(page, 'ready');
    const second = await context.newPage();
    await expireAccessToken(context);
    // Each refresh is held until a second one arrives (or 1.5 s pass): two tabs sending theirs
    // together would present the same refresh token twice, which revokes the session (no grace window).
    let refreshes = 0;
    const held: Array<() => void> = [];
    await context.route('**/api/v1/users/refresh-tokens', async (route) => {
      refreshes++;
      await new Promise<void>((release) => {
        held.push(release);
        if (held.length >= 2) for (const next of held) next();
        else setTimeout(release, 1_500);
      });
      await route.continue();
    });
    await Promise.all([page.goto('/admin/app/dashboard'), second.goto('/admin/app/prices')]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Prices');
    // The tab that queued behind the other saw the new cookies and did not rotate them again.
    expect(refreshes).toBe(1);
    // Still signed in for real: reloads in both tabs stay.
    await Promise.all([page.reload(), second.reload()]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(second).toHaveURL('/admin/app/prices');
  });
});

test.describe('/admin, the merchant entry', () => {
  test('sends a signed-in merchant to the dashboard, even from a new tab', async ({ page, context }) => {
    await seedMerchant(page, 'ready');
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/app/dashboard');
    const fresh = await context.newPage();
    await fresh.goto('/admin');
    await expect(fresh).toHaveURL('/admin/app/dashboard');
  });

  test('sends a visitor to the login page', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/login');
  });
});

test('the plans page in a new tab knows a signed-in merchant; a visitor’s tab asks nothing', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Seeding signs in through the API only: this tab has no stored account, like a tab opened from an email.
  await seedMerchant(page, 'ready');
  await page.goto('/admin/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByText('Current plan').first()).toBeVisible();
  await expect(page.getByText('Already have an account?')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const calls: string[] = [];
  visitorPage.on('request', (request) => {
    if (request.url().includes('/api/v1/users/')) calls.push(request.url());
  });
  await visitorPage.goto('/admin/pricing');
  await expect(visitorPage.getByText('Already have an account?')).toBeVisible();
  expect(calls).toEqual([]);
  await visitor.close();
});
