import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, readPublicLink, type SellingMerchant, sellingMerchant } from '../links/support.js';
import { rowCounts } from './world.js';

/**
 * The operations that answered 500 for a NUL character (PostgreSQL refuses it in text) refuse it with a
 * 400 problem naming the field, in the caller's language, and write nothing.
 */
describe('a control character in what a caller sends', () => {
  let t: TestApp;
  let merchant: SellingMerchant;
  let linkId: string;
  let nestLinkId: string;
  let priceVersionId: string;
  beforeAll(async () => {
    t = await createTestApp();
    merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    linkId = link.id;
    nestLinkId = link.nest_link_id;
    priceVersionId = (await readPublicLink(t.app, nestLinkId)).price_version_id;
  });
  afterAll(() => t.close());

  const NUL = 'Café\u0000Lumière';

  const cases = (): [string, 'POST' | 'PATCH', string, unknown, string, boolean][] => [
    [
      'sign-up',
      'POST',
      '/api/v1/users',
      { email: 'nul@example.com', password: 'mauve-otter-lamp-92', name: NUL },
      'name',
      false,
    ],
    [
      'a checkout',
      'POST',
      `/api/v1/public/links/${nestLinkId}/checkout`,
      { name: NUL, email: 'c@example.com', price_version_id: priceVersionId },
      'name',
      false,
    ],
    ['the profile', 'PATCH', `/api/v1/users/${merchant.user.id}`, { name: NUL }, 'name', true],
    ['the nest', 'PATCH', '/api/v1/nests/me', { description: NUL }, 'description', true],
    [
      'the nest address',
      'PATCH',
      '/api/v1/nests/me',
      { address: { line1: NUL, postal_code: '75001', city: 'Paris', country: 'FR' } },
      'address.line1',
      true,
    ],
    [
      'an offer',
      'POST',
      '/api/v1/offers',
      { name: 'Coffee', grants: NUL, amount_cents: 900, interval: 'month' },
      'grants',
      true,
    ],
    ['an offer edit', 'PATCH', `/api/v1/offers/${merchant.offer.id}`, { name: NUL }, 'name', true],
    ['a link', 'POST', '/api/v1/links', { offer_id: merchant.offer.id, label: NUL }, 'label', true],
    ['a link edit', 'PATCH', `/api/v1/links/${linkId}`, { label: NUL }, 'label', true],
    ['a customer search', 'POST', '/api/v1/nests/me/nest-customers/find', { query: NUL }, 'query', true],
  ];

  it('is a 400 naming the field, in the caller’s language, and nothing is written', async () => {
    for (const [what, method, url, payload, field, signedIn] of cases()) {
      const before = await rowCounts(t.app);
      const res = await t.app.inject({
        method,
        url,
        payload: payload as Record<string, unknown>,
        headers: { 'accept-language': 'fr-FR' },
        ...(signedIn ? { cookies: merchant.cookies } : {}),
      });
      expect.soft(res.statusCode, what).toBe(400);
      expect.soft(res.headers['content-type'], what).toContain('application/problem+json');
      expect.soft(res.json().code, what).toBe('validation_failed');
      expect
        .soft(
          res.json().errors?.map((e: { field: string }) => e.field),
          what,
        )
        .toContain(field);
      expect.soft(await rowCounts(t.app), what).toEqual(before);
    }
  });

  it('in a path parameter is a 400 problem, not a 500', async () => {
    for (const url of ['/api/v1/public/checkout-sessions/%00', '/api/v1/payout-accounts/%00/sync']) {
      const res = await t.app.inject({
        method: url.endsWith('sync') ? 'POST' : 'GET',
        url,
        cookies: merchant.cookies,
      });
      expect.soft(res.statusCode, url).toBe(400);
      expect.soft(res.headers['content-type'], url).toContain('application/problem+json');
    }
  });
});
