import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { appErrors } from '../support/console-errors';
import { signInCustomerThroughApi } from '../support/customers';
import { expect, phone, test } from '../support/fixtures';
import { createLink } from '../support/links';
import { seedMerchant } from '../support/merchants';
import { createNest, logoPng } from '../support/nests';
import { enablePayouts } from '../support/payouts';
import { cards } from '../support/sandbox';
import { subscribe, untilSubscribers } from '../support/subscribers';

/**
 * The screens gallery of docs/screens/ (issue 16): every main screen of the product, as a merchant, a
 * customer and a visitor, on a phone and a laptop, light and dark, English and French, from the running
 * product with the same demo café as the landing's pictures (landing-screens.spec.ts). Each picture is
 * written as WebP (quality 70; laptops 1280 px wide, phones 390 px) and named
 * screen-device-mode-language. The spec fails on any console error the app did not handle.
 */

const OUT = path.resolve(import.meta.dirname, '../../docs/screens');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Device = 'phone' | 'desktop';
type Mode = 'light' | 'dark';
type Locale = 'en-US' | 'fr-FR';

interface Shot {
  device: Device;
  mode: Mode;
  locale: Locale;
}

const errors: { screen: string; text: string }[] = [];

/** A browser context for one screen: its size, its colour mode and its language, fixed by cookie too. */
async function open(
  browser: Browser,
  { device, mode, locale }: Shot,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Page> {
  const context = await browser.newContext({
    ...(device === 'phone' ? { ...phone, viewport: PHONE, deviceScaleFactor: 2 } : { viewport: DESKTOP }),
    locale,
    colorScheme: mode,
    ...(storageState ? { storageState } : {}),
  });
  const url = test.info().project.use.baseURL!;
  await context.addCookies([
    { name: 'nest_locale', value: locale, url },
    { name: 'nest_color_mode', value: mode, url },
  ]);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push({ screen: page.url(), text: message.text() });
  });
  page.on('pageerror', (error) => errors.push({ screen: page.url(), text: error.message }));
  return page;
}

/** Waits for the screen to settle (network idle, fonts, no spinner or skeleton), then writes the WebP. */
async function snap(page: Page, screen: string, { device, mode, locale }: Shot) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"], .animate-spin, [data-slot="skeleton"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.waitForTimeout(400);
  const png = await page.screenshot();
  const width = device === 'phone' ? PHONE.width : DESKTOP.width;
  const name = `${screen}-${device}-${mode}-${locale.slice(0, 2)}.webp`;
  await sharp(png).resize({ width }).webp({ quality: 70 }).toFile(path.join(OUT, name));
}

test.beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  for (const file of readdirSync(OUT)) if (file.endsWith('.webp')) rmSync(path.join(OUT, file));
});

test('the screens gallery of docs/screens', async ({ browser }) => {
  test.setTimeout(300_000);

  // Café Lumière, as in the landing's pictures: a Pro merchant with a logo, a brand colour, a coffee club.
  const seed = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const request = seed.request;
  await seedMerchant(request, 'ready', {
    plan: 'pro',
    locale: 'en-US',
    name: 'Claire Dubois',
    email: 'claire@cafe-lumiere.example',
  });
  await createNest(request, {
    name: 'Café Lumière',
    category: 'cafe',
    address: { line1: '12 rue des Martyrs', postal_code: '75009', city: 'Paris', country: 'FR' },
  });
  const created = await request.post('/api/v1/offers', {
    data: {
      name: 'Coffee club',
      description: 'A filter coffee every morning, and a pastry on Sundays. Cancel online at any time.',
      grants: 'One filter coffee per day, at the counter',
      amount_cents: 1200,
      interval: 'month',
      trial_days: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const offer = (await created.json()) as { id: string };
  const second = await request.post('/api/v1/offers', {
    data: {
      name: 'Beans of the month',
      description: 'A 250 g bag of the month’s single origin, roasted on site.',
      grants: 'One bag of beans per month',
      amount_cents: 1600,
      interval: 'month',
      trial_days: 0,
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  await enablePayouts(request);
  const logo = await request.post('/api/v1/nests/me/logo', {
    data: logoPng(300, 300),
    headers: { 'content-type': 'image/png' },
  });
  expect(logo.status(), await logo.text()).toBe(200);
  const patched = await request.patch('/api/v1/nests/me', {
    data: { description: 'Roasted on site since 1998.', brand_color: '#8a4b2f' },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const link = await createLink(request, offer.id, 'Counter');
  await createLink(request, offer.id, 'Window');
  const people = [
    ['Ana Costa', 'ana.costa@example.com'],
    ['Louis Bernard', 'louis.bernard@example.fr'],
    ['Inès Moreau', 'ines.moreau@example.fr'],
    ['Hugo Petit', 'hugo.petit@example.com'],
    ['Camille Martin', 'camille.martin@example.fr'],
  ] as const;
  for (const [name, email] of people) await subscribe(request, link.nest_link_id, { name, email });
  await untilSubscribers(request, people.length);

  // A check-in for Ana, and a tasting night next week.
  const found = await request.post('/api/v1/nests/me/nest-customers/find', { data: { query: 'Ana' } });
  expect(found.status(), await found.text()).toBe(200);
  const { rows } = (await found.json()) as { rows: { subscription_id: string }[] };
  const checkIn = await request.post('/api/v1/nests/me/verifications', {
    data: { subscription_id: rows[0]!.subscription_id },
  });
  expect(checkIn.status(), await checkIn.text()).toBeLessThan(300);
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
      new Date(Date.now() + offset * 86_400_000),
    );
  const event = await request.post('/api/v1/nests/me/events', {
    data: {
      title: 'Tasting night',
      description: 'Three single origins side by side, with the roaster. Bring a friend.',
      starts_local: `${day(7)}T18:30`,
      ends_local: `${day(7)}T20:00`,
      place: 'Café Lumière, 12 rue des Martyrs, Paris',
      capacity: 16,
      offer_ids: [offer.id],
      guests_allowed: true,
    },
  });
  expect(event.status(), await event.text()).toBe(201);
  const merchant = await seed.storageState();

  // ---- The merchant's screens.
  const shots: Array<[string, Shot, (page: Page) => Promise<void>]> = [
    [
      'dashboard',
      { device: 'desktop', mode: 'light', locale: 'en-US' },
      async (page) => {
        await page.goto('/admin/app/dashboard');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      },
    ],
    [
      'customers',
      { device: 'desktop', mode: 'dark', locale: 'fr-FR' },
      async (page) => {
        await page.goto('/admin/app/customers');
        await expect(page.locator('tbody > tr')).toHaveCount(people.length);
      },
    ],
    [
      'customer-detail',
      { device: 'desktop', mode: 'light', locale: 'en-US' },
      async (page) => {
        await page.goto('/admin/app/customers');
        await page.locator('tbody > tr').getByRole('button', { name: 'Camille Martin' }).click();
        const drawer = page.getByRole('dialog', { name: 'Camille Martin' });
        await expect(drawer.getByTestId('customer-payment')).toHaveCount(1);
      },
    ],
    [
      'prices',
      { device: 'phone', mode: 'light', locale: 'fr-FR' },
      async (page) => {
        await page.goto('/admin/app/prices');
        await expect(page.getByText('Coffee club').first()).toBeVisible();
      },
    ],
    [
      'links-poster',
      { device: 'desktop', mode: 'light', locale: 'en-US' },
      async (page) => {
        await page.goto('/admin/app/links');
        const card = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Counter' }) });
        await card.getByRole('button', { name: 'Print poster' }).click();
        const qr = page.getByRole('dialog').getByTestId('poster-qr');
        await expect
          .poll(() => qr.evaluate((image) => (image as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      },
    ],
    [
      'verify',
      { device: 'phone', mode: 'dark', locale: 'fr-FR' },
      async (page) => {
        await page.goto('/admin/app/verify');
        await page.locator('#counter-search').fill('Camille');
        await page.locator('form:has(#counter-search) button[type="submit"]').click();
        await page
          .getByTestId('search-customer')
          .filter({ hasText: 'Camille Martin' })
          .getByRole('button')
          .click();
        const verdict = page.getByTestId('verdict-banner');
        await expect(verdict).toHaveAttribute('data-result', 'eligible');
        await verdict.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      },
    ],
    [
      'account-cover-colour',
      { device: 'desktop', mode: 'dark', locale: 'en-US' },
      async (page) => {
        await page.goto('/admin/app/account');
        const colours = page.getByRole('group', { name: 'Cover colour' });
        await expect(colours).toBeVisible();
        await colours.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      },
    ],
    [
      'events',
      { device: 'desktop', mode: 'light', locale: 'fr-FR' },
      async (page) => {
        await page.goto('/admin/app/events');
        await expect(page.getByTestId('event-card').filter({ hasText: 'Tasting night' })).toBeVisible();
      },
    ],
    [
      'transactions',
      { device: 'desktop', mode: 'light', locale: 'en-US' },
      async (page) => {
        await page.goto('/admin/app/transactions');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Camille Martin').first()).toBeVisible();
      },
    ],
  ];
  for (const [screen, shot, reach] of shots) {
    await test.step(screen, async () => {
      const page = await open(browser, shot, merchant);
      await reach(page);
      await snap(page, screen, shot);
      await page.context().close();
    });
  }

  // ---- The customer's screens.
  for (const shot of [
    { device: 'phone', mode: 'light', locale: 'en-US' },
    { device: 'phone', mode: 'dark', locale: 'fr-FR' },
  ] as const) {
    await test.step(`link page ${shot.mode} ${shot.locale}`, async () => {
      const page = await open(browser, shot);
      await page.goto(link.url);
      await expect(page.getByTestId('nest-cover')).toBeVisible();
      await snap(page, 'link-page', shot);
      await page.context().close();
    });
  }

  /** Subscribes on the link page, up to the sandbox's card page. */
  async function toCheckout(page: Page, name: string, email: string) {
    await page.goto(link.url);
    await page.locator('input[autocomplete="email"]').fill(email);
    await page.locator('input[autocomplete="name"]').fill(name);
    await page.locator('main form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  }
  async function pay(page: Page, name: string) {
    await page.locator('#card_number').fill(cards.succeeds);
    await page.locator('#card_expiry').fill('12 / 34');
    await page.locator('#card_cvc').fill('123');
    await page.locator('#card_name').fill(name);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/client\/app\/subscriptions\/success\?session_id=/);
  }

  await test.step('sandbox checkout', async () => {
    const shot = { device: 'phone', mode: 'light', locale: 'fr-FR' } as const;
    const page = await open(browser, shot);
    await toCheckout(page, 'Léa Garnier', 'lea.garnier@example.fr');
    await page.locator('#card_number').fill(cards.succeeds);
    await page.locator('#card_expiry').fill('12 / 34');
    await page.locator('#card_cvc').fill('123');
    await page.locator('#card_name').fill('Léa Garnier');
    await snap(page, 'checkout', shot);
    await page.context().close();
  });

  await test.step('success page', async () => {
    const shot = { device: 'phone', mode: 'light', locale: 'en-US' } as const;
    const page = await open(browser, shot);
    await toCheckout(page, 'Tom Richard', 'tom.richard@example.com');
    await pay(page, 'Tom Richard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tom!' })).toBeVisible();
    await snap(page, 'success', shot);
    await page.context().close();
  });

  await test.step('customer area', async () => {
    const shot = { device: 'phone', mode: 'dark', locale: 'en-US' } as const;
    const page = await open(browser, shot);
    await signInCustomerThroughApi(page.request, 'camille.martin@example.fr');
    await page.goto('/client/app/overview');
    await expect(page.getByTestId('pass').first()).toBeVisible();
    await snap(page, 'customer-area', shot);
    await page.context().close();
  });

  await test.step('customer login', async () => {
    const shot = { device: 'phone', mode: 'light', locale: 'fr-FR' } as const;
    const page = await open(browser, shot);
    await page.goto('/client/login');
    await expect(page.locator('input[type="email"]')).toBeVisible();
    await snap(page, 'customer-login', shot);
    await page.context().close();
  });

  // ---- The public pages.
  for (const shot of [
    { device: 'desktop', mode: 'light', locale: 'en-US' },
    { device: 'phone', mode: 'dark', locale: 'fr-FR' },
  ] as const) {
    await test.step(`landing ${shot.device}`, async () => {
      const page = await open(browser, shot);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await snap(page, 'landing', shot);
      await page.context().close();
    });
  }

  await test.step('legal document', async () => {
    const shot = { device: 'phone', mode: 'light', locale: 'fr-FR' } as const;
    const page = await open(browser, shot);
    await page.goto('/legal/documents/customers/terms-of-sale');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await snap(page, 'legal', shot);
    await page.context().close();
  });

  await seed.close();
  expect(appErrors(errors.map((error) => ({ ...error, text: `${error.screen}: ${error.text}` })))).toEqual(
    [],
  );
});
