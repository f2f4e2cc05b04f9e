import type { APIRequestContext } from '@playwright/test';
import { axeViolationsInBothSchemes } from '../support/axe';
import { appErrors } from '../support/console-errors';
import { qrPng } from '../support/fake-camera';
import { expect, phone, test } from '../support/fixtures';
import { sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';

test.use({ ...phone, locale: 'en-US' });

async function subscriber(request: APIRequestContext, offerId: string, name: string): Promise<string> {
  const response = await request.post(`/api/v1/test/offers/${offerId}/subscribers`, {
    data: { email: uniqueEmail(name.toLowerCase()), name },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { subscription_id: string }).subscription_id;
}

/** What the customer's screen shows now: a freshly signed pass. */
async function passToken(request: APIRequestContext, subscriptionId: string): Promise<string> {
  const response = await request.get(`/api/v1/test/subscriptions/${subscriptionId}/pass`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test('the counter keeps working when the connection drops: green from the snapshot, red for a forged pass, green for a pass cancelled since with the snapshot’s age, then the queue reaches the server once and the cancelled one is listed', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const { offer } = await sellingMerchant(page.request, { plan: 'starter', offer: { trial_days: 0 } });
  const valid = await subscriber(page.request, offer.id, 'Alice');
  const cancelledLater = await subscriber(page.request, offer.id, 'Bruno');

  // Online: the counter takes its snapshot.
  await page.goto('/admin/app/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify' })).toBeVisible();
  await expect(page.getByTestId('offline-ready')).toHaveText(
    /Ready to work offline: snapshot taken 0 minutes ago/,
  );

  // The installed counter keeps its page and the files it loaded, to open again without the network.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const paths: string[] = [];
        const cache = await caches.open('nest-verify-v1');
        for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
        return paths.some((path) => /^\/assets\/admin-verification-route-/.test(path));
      }),
    )
    .toBe(true);

  // Bruno cancels elsewhere after the snapshot; then the shop's connection drops.
  const response = await page.request.post(`/api/v1/test/subscriptions/${cancelledLater}/status`, {
    data: { status: 'canceled' },
  });
  expect(response.status()).toBe(204);
  await context.setOffline(true);
  const status = page.getByTestId('offline-status');
  await expect(status).toContainText('Offline');
  await expect(status).toContainText('No connection. Answers come from the snapshot taken 0 minutes ago.');

  const photo = page.getByTestId('scan-photo');
  const verdict = page.getByTestId('verdict');
  const next = page.getByRole('button', { name: 'Next customer' });

  // A valid pass: green, from the snapshot, said to be offline.
  await photo.setInputFiles({
    name: 'pass.png',
    mimeType: 'image/png',
    buffer: await qrPng(await passToken(page.request, valid)),
  });
  await expect(verdict.getByRole('heading', { name: 'Access granted' })).toBeVisible();
  await expect(verdict.getByTestId('offline-verdict-age')).toHaveText('Offline, snapshot 0 min old');
  await expect(verdict.getByText('Coffee club')).toBeVisible();
  const violations = await axeViolationsInBothSchemes(page, 'offline, green');
  await next.click();

  // A forged pass (one signature byte changed): red.
  const genuine = Buffer.from(await passToken(page.request, valid), 'base64url');
  genuine[60] = genuine[60]! ^ 0x01;
  await photo.setInputFiles({
    name: 'forged.png',
    mimeType: 'image/png',
    buffer: await qrPng(genuine.toString('base64url')),
  });
  await expect(verdict.getByRole('heading', { name: 'Not eligible' })).toBeVisible();
  await expect(verdict.getByTestId('verdict-banner')).toHaveAttribute('data-result', 'not_eligible');
  violations.push(...(await axeViolationsInBothSchemes(page, 'offline, red')));
  await next.click();

  // Bruno's pass: the snapshot still says active, so green, with the snapshot's age.
  await photo.setInputFiles({
    name: 'bruno.png',
    mimeType: 'image/png',
    buffer: await qrPng(await passToken(page.request, cancelledLater)),
  });
  await expect(verdict.getByRole('heading', { name: 'Access granted' })).toBeVisible();
  await expect(verdict.getByTestId('offline-verdict-age')).toHaveText(/^Offline, snapshot \d+ min old$/);
  await next.click();
  await expect(status).toContainText('3 check-ins wait to be sent.');
  violations.push(...(await axeViolationsInBothSchemes(page, 'offline, queue waiting')));

  // The tab is reloaded while still offline: the counter opens from the device, queue intact.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify' })).toBeVisible();
  await expect(status).toContainText('No connection. Answers come from the snapshot taken');
  await expect(status).toContainText('3 check-ins wait to be sent.');

  // The connection returns: the queue is sent, and the merchant sees the one the server refuses.
  await context.setOffline(false);
  const accepted = page.getByTestId('accepted-offline');
  await expect(accepted.getByRole('heading', { name: 'Accepted offline' })).toBeVisible({ timeout: 20_000 });
  await expect(accepted.getByRole('listitem')).toHaveCount(1);
  await expect(accepted.getByText('Bruno · Coffee club')).toBeVisible();
  await expect(page.getByTestId('offline-ready')).not.toContainText('being sent');
  violations.push(...(await axeViolationsInBothSchemes(page, 'accepted offline')));
  expect(violations).toEqual([]);

  // On the server: the three check-ins exactly once, even after another refresh sends nothing again.
  await page.reload();
  await expect(page.getByTestId('offline-ready')).toHaveText(/Ready to work offline/);
  const list = await page.request.get('/api/v1/nests/me/verifications?limit=20');
  const checkIns = (
    (await list.json()) as {
      check_ins: Array<{
        offline: boolean;
        customer_name: string | null;
        result: string;
        accepted_offline: string | null;
      }>;
    }
  ).check_ins;
  const offline = checkIns.filter((c) => c.offline);
  expect(offline).toHaveLength(3);
  expect(offline.filter((c) => c.customer_name === 'Alice')).toMatchObject([
    { result: 'eligible', accepted_offline: null },
  ]);
  expect(offline.filter((c) => c.customer_name === 'Bruno')).toMatchObject([
    { result: 'eligible', accepted_offline: 'canceled' },
  ]);
  expect(offline.filter((c) => c.result === 'not_eligible')).toHaveLength(1);

  // Signing out takes the device's key and snapshot with the session: whoever picks it up reads nothing.
  const counterRecords = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('nest-counter', 1);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const keys = open.result.transaction('records').objectStore('records').getAllKeys();
            keys.onsuccess = () => {
              open.result.close();
              resolve(keys.result.map(String));
            };
          };
        }),
    );
  expect(await counterRecords()).toEqual(expect.arrayContaining([expect.stringMatching(/^key:/)]));
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/admin/login');
  expect((await counterRecords()).filter((k) => /^(key|snapshot):/.test(k))).toEqual([]);

  // Requests refused while the test cut the network are the browser's own log lines, not the app's.
  expect(appErrors(consoleErrors).filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e.text))).toEqual([]);
});

test('the verify screen can be installed: its own manifest, and a service worker that keeps only its page and assets', async ({
  page,
  consoleErrors,
}) => {
  await sellingMerchant(page.request, { plan: 'starter', offer: { trial_days: 0 } });
  await page.goto('/admin/app/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/verify.webmanifest');
  const manifest = await (await page.request.get('/verify.webmanifest')).json();
  expect(manifest).toMatchObject({
    start_url: '/admin/app/verify',
    scope: '/admin/app/verify',
    display: 'standalone',
  });

  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL ?? null };
  });
  expect(new URL(registration.scope).pathname).toBe('/admin/app/verify');
  expect(new URL(registration.script!).pathname).toBe('/verify-sw.js');
  // What it keeps: the verify page and built files, never an API answer or another page.
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys())
            paths.push(new URL(request.url).pathname);
        }
        return paths;
      }),
    )
    .toContain('/admin/app/verify');
  const kept = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
  expect(kept.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(
    kept.filter((path) => !/^\/(assets\/|icons\/|verify\.webmanifest$|admin\/app\/verify$)/.test(path)),
  ).toEqual([]);
  // The kept page is the plain page: the merchant's answer the server wrote into that load (ADR 206)
  // is personal and would be stale, so it is not kept.
  const keptPage = await page.evaluate(
    async () => (await (await caches.match('/admin/app/verify'))?.text()) ?? '',
  );
  expect(keptPage).toContain('<div id="root">');
  expect(keptPage).not.toContain('nest-served-answer');

  // Another area of the app is outside its scope: not controlled, nothing kept for it.
  await page.goto('/admin/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  expect(appErrors(consoleErrors)).toEqual([]);
});

test.describe('in French, on a desktop in dark mode', () => {
  test.use({
    locale: 'fr-FR',
    colorScheme: 'dark',
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
  });

  test('the merchant sets when the snapshot turns amber; offline past it, the status turns amber and says why, in French', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const { offer } = await sellingMerchant(page.request, { plan: 'starter', offer: { trial_days: 0 } });
    const valid = await subscriber(page.request, offer.id, 'Chloe');
    await page.clock.install();
    await page.goto('/admin/app/verify');
    await expect(page.getByRole('heading', { level: 1, name: 'Vérifier' })).toBeVisible();
    await expect(page.getByTestId('offline-ready')).toHaveText(
      /Prêt à fonctionner hors ligne : instantané pris il y a 0 minute/,
    );
    await page.getByText('Fonctionnement hors ligne').click();
    const threshold = page.getByLabel('Avertir après (minutes)');
    await threshold.fill('1');
    await threshold.press('Enter');
    await expect(page.getByText('Enregistré.')).toBeVisible();
    // The next snapshot carries the new threshold.
    await page.reload();
    await expect(page.getByTestId('offline-ready')).toHaveText(/Prêt à fonctionner hors ligne/);

    await context.setOffline(true);
    const status = page.getByTestId('offline-status');
    await expect(status).toContainText('Hors ligne');
    await expect(status).toHaveAttribute('data-stale', 'false');
    await page.getByTestId('scan-photo').setInputFiles({
      name: 'passe.png',
      mimeType: 'image/png',
      buffer: await qrPng(await passToken(page.request, valid)),
    });
    const verdict = page.getByTestId('verdict');
    await expect(verdict.getByTestId('verdict-banner')).toHaveAttribute('data-result', 'eligible');
    await expect(verdict.getByTestId('offline-verdict-age')).toHaveText('Hors ligne, instantané de 0 min');
    await page.getByRole('button', { name: 'Client suivant' }).click();

    // Two minutes later, still offline: past the merchant's minute, amber, and the screen says why.
    await page.clock.fastForward('02:00');
    await expect(status).toHaveAttribute('data-stale', 'true');
    await expect(status).toContainText(
      'Il a plus de 1 minute : un abonnement résilié depuis peut encore s’afficher en vert.',
    );
    expect(await axeViolationsInBothSchemes(page, 'offline, snapshot too old')).toEqual([]);

    expect(appErrors(consoleErrors).filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e.text))).toEqual([]);
  });
});
