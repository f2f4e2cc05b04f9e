import type { Offer } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createOfferFor, merchantWithNest } from './support.js';

describe('listing offers', () => {
  let t: TestApp;
  let merchant: Awaited<ReturnType<typeof merchantWithNest>>;
  let created: Offer[];
  beforeAll(async () => {
    t = await createTestApp();
    merchant = await merchantWithNest(t.app);
    created = [];
    for (let i = 1; i <= 7; i++) created.push(await createOfferFor(t.app, merchant, { name: `Offer ${i}` }));
    for (const offer of created.slice(0, 2)) {
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/offers/${offer.id}/archive`,
        cookies: merchant.cookies,
      });
    }
    const other = await merchantWithNest(t.app);
    await createOfferFor(t.app, other, { name: 'Someone else’s' });
  });
  afterAll(async () => t.close());

  const list = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/offers${query}`, cookies: merchant.cookies });

  it('pages through the active offers, newest first, with no repeats and no gaps', async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      names.push(...page.items.map((o: Offer) => o.name));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(names).toEqual(['Offer 7', 'Offer 6', 'Offer 5', 'Offer 4', 'Offer 3']);
    expect(pages).toBe(3);
  });

  it('filters archived offers, or shows all', async () => {
    const archived = (await list('?status=archived')).json();
    expect(archived.items.map((o: Offer) => o.name)).toEqual(['Offer 2', 'Offer 1']);
    expect(archived.next_cursor).toBeNull();
    const all = (await list('?status=all&limit=100')).json();
    expect(all.items).toHaveLength(7);
    expect(all.items.every((o: Offer) => o.nest_id === merchant.nest.id)).toBe(true);
  });

  it.each([
    '?limit=0',
    '?limit=101',
    '?limit=abc',
    '?status=deleted',
    '?cursor=garbage',
    '?cursor=bm90fGFuLWlk',
    '?sort=name',
  ])('refuses %s with 400', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });

  it('answers an empty page to a merchant without offers, 409 without a nest, 401 signed out', async () => {
    const fresh = await merchantWithNest(t.app);
    const empty = await t.app.inject({ method: 'GET', url: '/api/v1/offers', cookies: fresh.cookies });
    expect(empty.json()).toEqual({ items: [], next_cursor: null });
    const newcomer = await seedMerchant(t.app, { plan: 'starter' });
    const noNest = await t.app.inject({ method: 'GET', url: '/api/v1/offers', cookies: newcomer.cookies });
    expect(noNest.statusCode).toBe(409);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/offers' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document with its shapes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/v1/offers',
      '/api/v1/offers/{id}',
      '/api/v1/nests',
      '/api/v1/nests/{nestId}/logo',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/v1/users/{id}/stripe/payout-settings'].patch).toBeDefined();
    expect(doc.components.schemas.Offer.properties.versions).toBeDefined();
  });
});
