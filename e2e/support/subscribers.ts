import type { APIRequestContext, Browser, BrowserContextOptions } from '@playwright/test';
import { expect } from './fixtures';
import { cards } from './sandbox';

/** A named customer subscribes and pays through the link's API and the sandbox's page form. */
export async function subscribe(
  request: APIRequestContext,
  nestLinkId: string,
  customer: { name: string; email: string },
) {
  const page = await request.get(`/api/v1/public/links/${nestLinkId}`);
  expect(page.ok()).toBe(true);
  const checkout = await request.post(`/api/v1/public/links/${nestLinkId}/checkout`, {
    data: { ...customer, price_version_id: (await page.json()).price_version_id },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const paid = await request.post((await checkout.json()).url, {
    form: { card_number: cards.succeeds, card_expiry: '12 / 34', card_cvc: '123', card_name: customer.name },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

/** Waits for the webhooks: the merchant's nest has this many live subscribers. */
export async function untilSubscribers(request: APIRequestContext, count: number) {
  await expect
    .poll(async () => (await (await request.get('/api/v1/revenue/current')).json()).active_subscribers, {
      timeout: 20_000,
    })
    .toBe(count);
}

export async function merchantContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  return { context, request: context.request };
}
