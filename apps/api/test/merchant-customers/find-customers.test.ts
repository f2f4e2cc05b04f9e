import type { MerchantCustomer, MerchantCustomerPage } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInMerchant, seedMerchant, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, sellingMerchant, subscribeThroughLink } from '../links/support.js';

describe('the merchant’s customers (POST /nests/{id}/nest-customers/find)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const find = (merchant: SignedInMerchant | null, body: unknown = {}, nestId = 'me') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/${nestId}/nest-customers/find`,
      payload: body as object,
      ...(merchant ? { cookies: merchant.cookies } : {}),
    });

  async function page(merchant: SignedInMerchant, body: unknown = {}): Promise<MerchantCustomerPage> {
    const response = await find(merchant, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** A subscriber attached straight to the offer (no checkout), through the test route. */
  async function addSubscriber(offerId: string, body: { email: string; name?: string; status?: string }) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/test/offers/${offerId}/subscribers`,
      payload: body,
    });
    if (response.statusCode !== 201) throw new Error(`subscriber: ${response.body}`);
    return response.json() as { subscription_id: string; customer_id: string };
  }

  it('shows who subscribed through a link, with only this nest’s subscriptions and payments', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { name: 'Café illimité', amount_cents: 2900 } });
    const other = await sellingMerchant(t.app, { offer: { name: 'Yoga', amount_cents: 4500 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Comptoir');
    const otherLink = await createLinkFor(t.app, other, other.offer.id, 'Flyer');
    const email = uniqueEmail('jeanne');
    await subscribeThroughLink(t.app, link.nest_link_id, { email, name: 'Jeanne Dupont' });
    // The same person (one identity per email) also subscribes at another merchant's nest.
    await subscribeThroughLink(t.app, otherLink.nest_link_id, { email, name: 'Jeanne Dupont' });

    const { customers, next_cursor } = await page(merchant);
    expect(next_cursor).toBeNull();
    expect(customers).toHaveLength(1);
    const [customer] = customers as [MerchantCustomer];
    expect(customer).toMatchObject({ name: 'Jeanne Dupont', email, total_paid_cents: 2900 });
    expect(customer.subscriptions).toHaveLength(1);
    expect(customer.subscriptions[0]).toMatchObject({
      offer: { id: merchant.offer.id, name: 'Café illimité' },
      status: 'active',
      amount_cents: 2900,
      currency: 'EUR',
      interval: 'month',
      interval_count: 1,
      cancel_at_period_end: false,
      link_label: 'Comptoir',
    });
    expect(Date.parse(customer.subscriptions[0]!.started_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(customer.subscriptions[0]!.current_period_end!)).toBeGreaterThan(Date.now());
    expect(JSON.stringify(customers)).not.toContain('Yoga');

    const theirs = (await page(other)).customers;
    expect(theirs.map((c) => c.id)).toEqual([customer.id]);
    expect(theirs[0]).toMatchObject({ total_paid_cents: 4500 });
    expect(theirs[0]!.subscriptions.map((s) => s.offer.name)).toEqual(['Yoga']);

    // The dashboard's count of live subscribers.
    const revenue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/revenue/current',
      cookies: merchant.cookies,
    });
    expect(revenue.json()).toMatchObject({ active_subscribers: 1, month_cents: 2900 });
  });

  it('answers 404 for another merchant’s nest, 401 to a visitor, and works with the nest’s own id', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const other = await sellingMerchant(t.app, { payouts: false });
    await addSubscriber(other.offer.id, { email: uniqueEmail('secret') });

    const foreign = await find(merchant, {}, other.offer.nest_id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await find(merchant, {}, 'not-a-uuid')).statusCode).toBe(404);
    expect((await find(merchant, {}, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const visitor = await find(null, { limit: 'nope' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'unauthenticated' });

    const own = await find(merchant, {}, merchant.offer.nest_id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ customers: [], next_cursor: null });

    const withoutNest = await seedMerchant(t.app, { plan: 'starter', onboarded: true });
    expect((await find(withoutNest)).statusCode).toBe(404);
  });

  it('searches names and emails, case-insensitively, with wildcards taken literally', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const marie = await addSubscriber(merchant.offer.id, {
      email: uniqueEmail('marie.curie'),
      name: 'Marie Curie',
    });
    const paul = await addSubscriber(merchant.offer.id, { email: uniqueEmail('p_aul'), name: 'Paul Martin' });
    const ids = async (query: string) => (await page(merchant, { query })).customers.map((c) => c.id);

    expect(await ids('CURIE')).toEqual([marie.customer_id]);
    expect(await ids('martin')).toEqual([paul.customer_id]);
    expect(await ids('MARIE.CURIE-')).toEqual([marie.customer_id]);
    expect(await ids('p_a')).toEqual([paul.customer_id]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('nobody')).toEqual([]);
    expect((await ids('   ')).sort()).toEqual([marie.customer_id, paul.customer_id].sort());
  });

  it('filters by subscription status', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const active = await addSubscriber(merchant.offer.id, { email: uniqueEmail('a'), status: 'active' });
    const late = await addSubscriber(merchant.offer.id, { email: uniqueEmail('b'), status: 'past_due' });
    const gone = await addSubscriber(merchant.offer.id, { email: uniqueEmail('c'), status: 'canceled' });
    const ids = async (status: string) => (await page(merchant, { status })).customers.map((c) => c.id);

    expect(await ids('active')).toEqual([active.customer_id]);
    expect(await ids('past_due')).toEqual([late.customer_id]);
    expect(await ids('canceled')).toEqual([gone.customer_id]);
    expect(await ids('unpaid')).toEqual([]);
    const everyone = await page(merchant);
    expect(everyone.customers).toHaveLength(3);
    expect(everyone.customers.find((c) => c.id === late.customer_id)?.subscriptions[0]).toMatchObject({
      status: 'past_due',
      link_label: null,
    });
  });

  it('pages through customers, most recent subscriber first, without gaps or repeats', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const added: string[] = [];
    for (let i = 0; i < 5; i++) {
      added.push((await addSubscriber(merchant.offer.id, { email: uniqueEmail(`p${i}`) })).customer_id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const result = await page(merchant, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...result.customers.map((c) => c.id));
      cursor = result.next_cursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...added].reverse());
    expect((await page(merchant)).customers).toHaveLength(5);
  });

  it('is described in the OpenAPI document from its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/v1/nests/{nestId}/nest-customers/find']?.post;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(doc.components.schemas.MerchantCustomer.properties.total_paid_cents).toBeDefined();
    expect(doc.components.schemas.FindMerchantCustomersBody.properties.limit.maximum).toBe(100);
    expect(doc.components.schemas.Revenue.properties.active_subscribers).toBeDefined();
  });

  it('refuses invalid bodies with a problem naming the field', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    for (const [body, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 2.5 }, 'limit'],
      [{ status: 'sleeping' }, 'status'],
      [{ query: 'x'.repeat(101) }, 'query'],
      [{ cursor: 'garbage' }, 'cursor'],
      [{ owner_id: 'someone' }, null],
    ] as const) {
      const response = await find(merchant, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = response.json();
      expect(problem.code).toBe('validation_failed');
      if (field) expect(problem.errors.map((f: { field: string }) => f.field)).toContain(field);
    }
    const french = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/nest-customers/find',
      cookies: merchant.cookies,
      headers: { 'accept-language': 'fr-FR' },
      payload: { limit: 0 },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json().title).not.toBe((await find(merchant, { limit: 0 })).json().title);
  });
});
