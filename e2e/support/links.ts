import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, phone } from './fixtures';
import { seedMerchant, uniqueEmail } from './merchants';
import { createNest } from './nests';
import { enablePayouts } from './payouts';
import { cards } from './sandbox';

/**
 * Seeding for the link journeys, through the API as a merchant would (test routes only for what has
 * no screen in these tests: the merchant account and extra subscribers). The request context passed
 * in is the merchant's browser context's, so its session cookies sign the merchant in there too.
 */

export interface SeededOffer {
  id: string;
  name: string;
}

export interface SeededLink {
  id: string;
  nest_link_id: string;
  url: string;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A signed-in merchant on a plan, with a nest, an offer and (unless told otherwise) payouts enabled.
 */
export async function sellingMerchant(
  request: APIRequestContext,
  options: {
    plan?: 'starter' | 'pro' | 'enterprise';
    payouts?: boolean;
    offer?: Record<string, unknown>;
    nestName?: string;
    locale?: 'en-US' | 'fr-FR';
  } = {},
): Promise<{ offer: SeededOffer }> {
  await seedMerchant(request, 'ready', {
    plan: options.plan ?? 'pro',
    ...(options.locale ? { locale: options.locale } : {}),
  });
  await createNest(request, {
    name: options.nestName ?? 'Café Lumière',
    category: 'cafe',
    address: { line1: '12 rue Oberkampf', postal_code: '75011', city: 'Paris', country: 'FR' },
  });
  const offer = await ok<SeededOffer>(
    await request.post('/api/v1/offers', {
      data: {
        name: 'Coffee club',
        description: 'One coffee a day, any size.',
        grants: 'One coffee per day',
        amount_cents: 1200,
        interval: 'month',
        ...options.offer,
      },
    }),
    'offer',
  );
  if (options.payouts !== false) await enablePayouts(request);
  return { offer };
}

export async function createLink(request: APIRequestContext, offerId: string, label = 'Counter') {
  return ok<SeededLink>(await request.post('/api/v1/links', { data: { offer_id: offerId, label } }), 'link');
}

/** A subscriber attached straight to the offer (test route), taking a place without a checkout. */
export async function addSubscriber(request: APIRequestContext, offerId: string): Promise<void> {
  await ok(await request.post(`/api/v1/test/offers/${offerId}/subscribers`, { data: {} }), 'subscriber');
}

/** A customer subscribes and pays through the API and the sandbox's page form, without a browser. */
export async function subscribeThroughApi(request: APIRequestContext, nestLinkId: string): Promise<void> {
  const page = await ok<{ price_version_id: string }>(
    await request.get(`/api/v1/public/links/${nestLinkId}`),
    'public link',
  );
  const { url } = await ok<{ url: string }>(
    await request.post(`/api/v1/public/links/${nestLinkId}/checkout`, {
      data: { email: uniqueEmail('customer'), name: 'Ana Costa', price_version_id: page.price_version_id },
    }),
    'checkout',
  );
  const paid = await request.post(url, {
    form: { card_number: cards.succeeds, card_expiry: '12 / 34', card_cvc: '123', card_name: 'Ana Costa' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

/**
 * A customer opens the link on a phone (English), subscribes with 4242… on the sandbox's hosted page
 * and is sent back to the success page. Answers the buyer's page, still open on that page.
 */
export async function payThroughLink(
  browser: Browser,
  linkUrl: string,
  customer: { email: string; name?: string },
): Promise<{ context: BrowserContext; buyer: Page }> {
  const name = customer.name ?? 'Camille Martin';
  const context = await browser.newContext({ ...phone, locale: 'en-US' });
  const buyer = await context.newPage();
  await buyer.goto(linkUrl);
  await buyer.getByLabel('Email', { exact: true }).fill(customer.email);
  await buyer.getByLabel('Your name').fill(name);
  await buyer.getByRole('button', { name: /^Subscribe for/ }).click();
  await expect(buyer).toHaveURL(/\/sandbox\/checkout\//);
  await buyer.locator('#card_number').fill(cards.succeeds);
  await buyer.locator('#card_expiry').fill('12 / 34');
  await buyer.locator('#card_cvc').fill('123');
  await buyer.locator('#card_name').fill(name);
  await buyer.locator('button[type="submit"]').click();
  await expect(buyer).toHaveURL(/\/client\/app\/subscriptions\/success\?session_id=/);
  return { context, buyer };
}
