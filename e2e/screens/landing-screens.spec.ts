import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { signInCustomerThroughApi } from '../support/customers';
import { expect, phone, test } from '../support/fixtures';
import { createLink } from '../support/links';
import { seedMerchant } from '../support/merchants';
import { createNest, logoPng } from '../support/nests';
import { enablePayouts } from '../support/payouts';
import { cards } from '../support/sandbox';

/**
 * The landing's product pictures (ADR 201), from the real screens: a café, Café Lumière, sells a coffee
 * club; its link page on a phone, a subscriber's pass, the counter's green verdict for her, and the
 * merchant's dashboard on a laptop, in English and in French. Each is written as AVIF and WebP at two
 * widths into apps/web/src/features/landing/screens/, which the hero imports (hashed by the build).
 * sharp is the API's dependency (hoisted), as in the Lighthouse benches.
 */

const OUT = path.resolve(import.meta.dirname, '../../apps/web/src/features/landing/screens');
/** The phone screens are drawn at most 240 px wide (480 on a 2× screen), the laptop one up to 500 (1000). */
const WIDTHS = { phone: [280, 560], laptop: [640, 1280] } as const;
const PHONE = { width: 390, height: 780 };
const LAPTOP = { width: 1280, height: 800 };

const words = {
  'en-US': {
    lang: 'en',
    offer: {
      name: 'Coffee club',
      description: 'A filter coffee every morning, and a pastry on Sundays. Cancel online at any time.',
      grants: 'One filter coffee per day, at the counter',
    },
    nest: 'Roasted on site since 1998.',
  },
  'fr-FR': {
    lang: 'fr',
    offer: {
      name: 'Club café',
      description:
        'Un café filtre chaque matin, et une viennoiserie le dimanche. Résiliable en ligne à tout moment.',
      grants: 'Un café filtre par jour, au comptoir',
    },
    nest: 'Torréfié sur place depuis 1998.',
  },
} as const;

type Locale = keyof typeof words;

async function save(png: Buffer, name: string, widths: readonly number[]) {
  for (const width of widths) {
    const resized = sharp(png).resize({ width });
    await resized
      .clone()
      .avif({ quality: 50, effort: 6 })
      .toFile(path.join(OUT, `${name}-${width}.avif`));
    await resized
      .clone()
      .webp({ quality: 72 })
      .toFile(path.join(OUT, `${name}-${width}.webp`));
  }
}

/** A customer subscribes through the link and pays on the sandbox's page, as a real one would. */
async function subscribe(request: APIRequestContext, nestLinkId: string, name: string, email: string) {
  const page = await request.get(`/api/v1/public/links/${nestLinkId}`);
  const { price_version_id } = (await page.json()) as { price_version_id: string };
  const checkout = await request.post(`/api/v1/public/links/${nestLinkId}/checkout`, {
    data: { email, name, price_version_id },
  });
  expect(checkout.status(), await checkout.text()).toBeLessThan(300);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(url, {
    form: { card_number: cards.succeeds, card_expiry: '12 / 34', card_cvc: '123', card_name: name },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

/** Scrolls so that `selector` starts 16 px under the page's sticky header (or the top), once settled. */
async function scrollToTop(page: Page, selector: string) {
  await page.waitForTimeout(500);
  await page.evaluate((target) => {
    const element = document.querySelector(target);
    if (!element) throw new Error(`${target} is not on the page`);
    const header = Array.from(document.querySelectorAll('header')).find(
      (candidate) =>
        getComputedStyle(candidate).position === 'sticky' || getComputedStyle(candidate).position === 'fixed',
    );
    const below = header ? header.getBoundingClientRect().bottom : 0;
    window.scrollBy({ top: element.getBoundingClientRect().top - below - 16, behavior: 'instant' });
  }, selector);
  await page.waitForTimeout(200);
}

async function phonePage(browser: Browser, locale: Locale): Promise<Page> {
  const context = await browser.newContext({
    ...phone,
    viewport: PHONE,
    deviceScaleFactor: 2,
    locale,
    colorScheme: 'light',
  });
  return context.newPage();
}

test.beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  for (const file of readdirSync(OUT)) rmSync(path.join(OUT, file));
});

for (const locale of Object.keys(words) as Locale[]) {
  test(`the landing's pictures in ${locale}`, async ({ browser }) => {
    const { lang, offer: offerWords, nest } = words[locale];
    const merchant = await browser.newContext({ viewport: LAPTOP, locale, colorScheme: 'light' });
    const page = await merchant.newPage();
    const request = page.request;
    await seedMerchant(request, 'ready', {
      plan: 'pro',
      locale,
      name: 'Claire Dubois',
      email: lang === 'fr' ? 'claire.dubois@cafe-lumiere.example' : 'claire@cafe-lumiere.example',
    });
    await createNest(request, {
      name: 'Café Lumière',
      category: 'cafe',
      address: { line1: '12 rue des Martyrs', postal_code: '75009', city: 'Paris', country: 'FR' },
    });
    const created = await request.post('/api/v1/offers', {
      data: { ...offerWords, amount_cents: 1200, interval: 'month', trial_days: 0 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const offer = (await created.json()) as { id: string };
    await enablePayouts(request);
    const logo = await page.request.post('/api/v1/nests/me/logo', {
      data: logoPng(300, 300),
      headers: { 'content-type': 'image/png' },
    });
    expect(logo.status(), await logo.text()).toBe(200);
    const patched = await page.request.patch('/api/v1/nests/me', {
      data: { description: nest, brand_color: '#8a4b2f' },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    const link = await createLink(page.request, offer.id, 'Counter');
    const domain = lang === 'fr' ? 'example.fr' : 'example.com';
    const camille = `camille.martin@${domain}`;
    for (const [name, email] of [
      ['Ana Costa', `ana.costa@${domain}`],
      ['Louis Bernard', `louis.bernard@${domain}`],
      ['Inès Moreau', `ines.moreau@${domain}`],
      ['Hugo Petit', `hugo.petit@${domain}`],
      ['Camille Martin', camille],
    ] as const) {
      await subscribe(request, link.nest_link_id, name, email);
    }

    // The link page, as a passer-by sees it after scanning the QR code at the counter.
    const visitor = await phonePage(browser, locale);
    await visitor.goto(link.url);
    await expect(visitor.getByTestId('nest-cover')).toBeVisible();
    await visitor.evaluate(() => document.fonts.ready);
    // From the nest's cover down: the language and appearance selects above it are not the point.
    await scrollToTop(visitor, '[data-testid="nest-cover"]');
    await save(await visitor.screenshot(), `link-page-${lang}`, WIDTHS.phone);

    // Camille's pass, in her customer area.
    const customer = await phonePage(browser, locale);
    await signInCustomerThroughApi(customer.request, camille);
    await customer.goto('/client/app/overview');
    await expect(customer.getByTestId('pass').first()).toBeVisible();
    await customer.evaluate(() => document.fonts.ready);
    await scrollToTop(customer, 'main h1');
    await save(await customer.screenshot(), `pass-${lang}`, WIDTHS.phone);

    // The counter: the merchant finds Camille and checks her in, green.
    await page.setViewportSize(PHONE);
    await page.goto('/admin/app/verify');
    await page.locator('#counter-search').fill('Camille');
    await page.locator('form:has(#counter-search) button[type="submit"]').click();
    await page
      .getByTestId('search-customer')
      .filter({ hasText: 'Camille Martin' })
      .getByRole('button')
      .click();
    await expect(page.getByTestId('verdict-banner')).toHaveAttribute('data-result', 'eligible');
    await page.evaluate(() => document.fonts.ready);
    // The verdict just under the header, as the merchant sees it after the scan.
    await scrollToTop(page, '[data-testid="verdict-banner"]');
    await save(await page.screenshot(), `verify-${lang}`, WIDTHS.phone);

    // The dashboard on a laptop.
    await page.setViewportSize(LAPTOP);
    await page.goto('/admin/app/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await save(await page.screenshot(), `dashboard-${lang}`, WIDTHS.laptop);
  });
}
