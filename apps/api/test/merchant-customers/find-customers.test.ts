import type { MerchantCustomerPage, MerchantCustomerRow } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSubscriptionTotals } from '../../src/modules/merchant-customers/subscription-totals.js';
import { type SignedInMerchant, seedMerchant, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, sellingMerchant, subscribeThroughLink } from '../links/support.js';
import { createOfferFor } from '../offers/support.js';
import { exportedRecords, insertLedgerRow } from './support.js';

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

    const { rows, next_cursor } = await page(merchant);
    expect(next_cursor).toBeNull();
    expect(rows).toHaveLength(1);
    const [row] = rows as [MerchantCustomerRow];
    expect(row.customer).toMatchObject({ name: 'Jeanne Dupont', email });
    expect(row).toMatchObject({
      total_paid_cents: 2900,
      last_check_in_at: null,
      offer: { id: merchant.offer.id, name: 'Café illimité' },
      status: 'active',
      amount_cents: 2900,
      currency: 'EUR',
      interval: 'month',
      interval_count: 1,
      cancel_at_period_end: false,
      link_label: 'Comptoir',
    });
    expect(Date.parse(row.since)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(row.next_payment_at!)).toBeGreaterThan(Date.now());
    expect(JSON.stringify(rows)).not.toContain('Yoga');

    const theirs = (await page(other)).rows;
    expect(theirs.map((r) => r.customer.id)).toEqual([row.customer.id]);
    expect(theirs[0]).toMatchObject({ total_paid_cents: 4500 });
    expect(theirs.map((r) => r.offer.name)).toEqual(['Yoga']);

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
    expect(own.json()).toEqual({ rows: [], next_cursor: null });

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
    const ids = async (query: string) => (await page(merchant, { query })).rows.map((r) => r.customer.id);

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
    const ids = async (status: string) => (await page(merchant, { status })).rows.map((r) => r.customer.id);

    expect(await ids('active')).toEqual([active.customer_id]);
    expect(await ids('past_due')).toEqual([late.customer_id]);
    expect(await ids('canceled')).toEqual([gone.customer_id]);
    expect(await ids('unpaid')).toEqual([]);
    const everyone = await page(merchant);
    expect(everyone.rows).toHaveLength(3);
    expect(everyone.rows.find((r) => r.customer.id === late.customer_id)).toMatchObject({
      status: 'past_due',
      link_label: null,
    });
    expect(everyone.rows.find((r) => r.customer.id === gone.customer_id)?.next_payment_at).toBeNull();
    const overdue = await page(merchant, { past_due: true });
    expect(overdue.rows.map((r) => r.customer.id)).toEqual([late.customer_id]);
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
      seen.push(...result.rows.map((r) => r.customer.id));
      cursor = result.next_cursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...added].reverse());
    expect((await page(merchant)).rows).toHaveLength(5);
  });

  it('filters by offer, and sorts by every column in both directions, paging without gaps', async () => {
    const merchant = await sellingMerchant(t.app, {
      payouts: false,
      offer: { name: 'Zen', amount_cents: 1500 },
    });
    const second = await createOfferFor(t.app, merchant, { name: 'Apéro', amount_cents: 900 });
    const people = [
      { name: 'Chloé Bernard', offer: merchant.offer.id, status: 'active' },
      { name: 'alice Martin', offer: second.id, status: 'past_due' },
      { name: 'Bruno Petit', offer: merchant.offer.id, status: 'canceled' },
      { name: 'Émile Roux', offer: second.id, status: 'active' },
      { name: 'Denise Faure', offer: merchant.offer.id, status: 'trialing' },
    ];
    const ids: Record<string, string> = {};
    for (const person of people) {
      const added = await addSubscriber(person.offer, {
        email: uniqueEmail(`p${Object.keys(ids).length}`),
        name: person.name,
        status: person.status,
      });
      ids[person.name] = added.subscription_id;
    }
    const byOffer = await page(merchant, { offer_id: second.id });
    expect(new Set(byOffer.rows.map((r) => r.customer.name))).toEqual(
      new Set(['Émile Roux', 'alice Martin']),
    );
    const combined = await page(merchant, { offer_id: second.id, status: 'active' });
    expect(combined.rows.map((r) => r.customer.name)).toEqual(['Émile Roux']);

    const all = async (body: object) => {
      const seen: MerchantCustomerRow[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i++) {
        const result = await page(merchant, { ...body, limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...result.rows);
        cursor = result.next_cursor ?? undefined;
        if (!cursor) break;
      }
      return seen;
    };
    const names = await all({ sort: 'name' });
    expect(names.map((r) => r.customer.name)).toEqual([
      'alice Martin',
      'Bruno Petit',
      'Chloé Bernard',
      'Denise Faure',
      'Émile Roux',
    ]);
    const reversed = await all({ sort: 'name', direction: 'desc' });
    expect(reversed.map((r) => r.customer.name)).toEqual(names.map((r) => r.customer.name).reverse());
    const offersSorted = await all({ sort: 'offer' });
    expect(offersSorted.map((r) => r.offer.name)).toEqual(['Apéro', 'Apéro', 'Zen', 'Zen', 'Zen']);
    const statuses = await all({ sort: 'status', direction: 'desc' });
    expect(statuses.map((r) => r.status)).toEqual(['trialing', 'past_due', 'canceled', 'active', 'active']);
    for (const sort of ['email', 'since', 'next_payment', 'total_paid', 'last_check_in'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const rows = await all({ sort, direction });
        expect(new Set(rows.map((r) => r.subscription_id)).size, `${sort} ${direction}`).toBe(5);
      }
    }
    const emails = (await all({ sort: 'email' })).map((r) => r.customer.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('sorts by offer through each price of each offer, both ways, filtered and searched, without gaps (ADR 199)', async () => {
    const merchant = await sellingMerchant(t.app, {
      payouts: false,
      offer: { name: 'Brunch', amount_cents: 2000 },
    });
    const apero = await createOfferFor(t.app, merchant, { name: 'apéro', amount_cents: 900 });
    const yoga = await createOfferFor(t.app, merchant, { name: 'Yoga', amount_cents: 3000 });
    const add = (offerId: string, name: string, status = 'active') =>
      addSubscriber(offerId, { email: uniqueEmail('offer-sort'), name, status });
    for (const name of ['Bruno 1', 'Bruno 2', 'Bruno 3']) await add(merchant.offer.id, name);
    // A new price: Brunch's later subscribers hold its second version.
    const repriced = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${merchant.offer.id}`,
      cookies: merchant.cookies,
      payload: { amount_cents: 2200 },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    for (const name of ['Bruno 4', 'Bruno 5']) await add(merchant.offer.id, name);
    await add(merchant.offer.id, 'Bruno 6', 'past_due');
    for (const name of ['Alice 1', 'Alice 2']) await add(apero.id, name);
    await add(apero.id, 'Alice 3', 'past_due');
    // Yoga has no subscriber: its price is walked and gives nothing.
    expect(yoga.id).toBeDefined();

    const all = async (body: object, limit: number) => {
      const seen: MerchantCustomerRow[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 20; i++) {
        const result = await page(merchant, { ...body, limit, ...(cursor ? { cursor } : {}) });
        seen.push(...result.rows);
        cursor = result.next_cursor ?? undefined;
        if (!cursor) break;
      }
      return seen;
    };
    const asc = await all({ sort: 'offer' }, 2);
    expect(asc.map((r) => r.offer.name)).toEqual([
      'apéro',
      'apéro',
      'apéro',
      'Brunch',
      'Brunch',
      'Brunch',
      'Brunch',
      'Brunch',
      'Brunch',
    ]);
    expect(new Set(asc.map((r) => r.subscription_id)).size).toBe(9);
    for (const limit of [1, 4, 25]) {
      expect(
        (await all({ sort: 'offer' }, limit)).map((r) => r.subscription_id),
        `limit ${limit}`,
      ).toEqual(asc.map((r) => r.subscription_id));
      expect(
        (await all({ sort: 'offer', direction: 'desc' }, limit)).map((r) => r.subscription_id),
        `desc, limit ${limit}`,
      ).toEqual(asc.map((r) => r.subscription_id).reverse());
    }
    // Within an offer, one price's subscribers come together (its first version, then its second).
    const brunch = asc.filter((r) => r.offer.name === 'Brunch').map((r) => r.amount_cents);
    expect([...new Set(brunch)].length).toBe(2);
    expect(brunch.filter((cents, i) => i > 0 && cents !== brunch[i - 1])).toHaveLength(1);

    const pastDue = await all({ sort: 'offer', past_due: true }, 1);
    expect(pastDue.map((r) => r.customer.name)).toEqual(['Alice 3', 'Bruno 6']);
    const searched = await all({ sort: 'offer', direction: 'desc', query: 'bruno' }, 2);
    expect(searched.map((r) => r.customer.name).sort()).toEqual([
      'Bruno 1',
      'Bruno 2',
      'Bruno 3',
      'Bruno 4',
      'Bruno 5',
      'Bruno 6',
    ]);
    const oneOffer = await all({ sort: 'offer', offer_id: apero.id }, 2);
    expect(oneOffer.map((r) => r.customer.name).sort()).toEqual(['Alice 1', 'Alice 2', 'Alice 3']);

    // A cursor of another sort, or a key that is not a price, is refused.
    const first = await page(merchant, { sort: 'offer', limit: 1 });
    const other = await find(merchant, { sort: 'name', cursor: first.next_cursor });
    expect(other.statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify(['offer', 'asc', 'apéro', asc[0]!.subscription_id])).toString(
      'base64url',
    );
    expect((await find(merchant, { sort: 'offer', cursor: forged })).statusCode).toBe(400);
  });

  it('counts total paid net of refunds, in the table, its sort and cursor, the CSV and the detail', async () => {
    const merchant = await sellingMerchant(t.app, {
      payouts: false,
      offer: { name: 'Net', amount_cents: 1000 },
    });
    const nestId = merchant.offer.nest_id;
    const row = (
      added: { subscription_id: string; customer_id: string },
      kind: 'payment' | 'refund' | 'dispute',
      status: 'succeeded' | 'pending' | 'lost',
      amountCents: number,
    ) =>
      insertLedgerRow(t, {
        nestId,
        subscriptionId: added.subscription_id,
        customerId: added.customer_id,
        kind,
        status,
        amountCents,
      });
    const people: Record<string, { subscription_id: string; customer_id: string }> = {};
    for (const name of ['Partly', 'Kept', 'Refunded', 'Disputed', 'Nothing']) {
      people[name] = await addSubscriber(merchant.offer.id, { email: uniqueEmail(name.toLowerCase()), name });
    }
    await row(people.Partly!, 'payment', 'succeeded', 3000);
    await row(people.Partly!, 'refund', 'succeeded', -1000);
    await row(people.Partly!, 'refund', 'pending', -500); // not given back yet
    await row(people.Kept!, 'payment', 'succeeded', 2500);
    await row(people.Refunded!, 'payment', 'succeeded', 4000);
    await row(people.Refunded!, 'refund', 'succeeded', -4000);
    await row(people.Disputed!, 'payment', 'succeeded', 1500);
    await row(people.Disputed!, 'dispute', 'lost', -1500); // ADR 135: disputes are not refunds
    const expected: Record<string, number> = {
      Partly: 2000,
      Kept: 2500,
      Refunded: 0,
      Disputed: 1500,
      Nothing: 0,
    };

    const table = await page(merchant, { limit: 50 });
    expect(Object.fromEntries(table.rows.map((r) => [r.customer.name, r.total_paid_cents]))).toEqual(
      expected,
    );

    await refreshSubscriptionTotals(t.db);
    for (const direction of ['asc', 'desc'] as const) {
      const seen: MerchantCustomerRow[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i++) {
        const result = await page(merchant, {
          sort: 'total_paid',
          direction,
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...result.rows);
        cursor = result.next_cursor ?? undefined;
        if (!cursor) break;
      }
      expect(new Set(seen.map((r) => r.subscription_id)).size).toBe(5);
      const totals = seen.map((r) => r.total_paid_cents);
      const sorted = [...totals].sort((a, b) => a - b);
      expect(totals).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      // The key the cursor carries is the net figure: Partly (2,000) sorts below Kept (2,500).
      const names = seen.map((r) => r.customer.name);
      expect(names.indexOf('Partly') < names.indexOf('Kept')).toBe(direction === 'asc');
    }

    const records = await exportedRecords(t, merchant, 'sort=total_paid');
    expect(Object.fromEntries(records.map((r) => [r[0], r[6]]))).toEqual({
      Partly: '20.00',
      Kept: '25.00',
      Refunded: '0.00',
      Disputed: '15.00',
      Nothing: '0.00',
    });

    for (const [name, cents] of Object.entries(expected)) {
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/nests/me/nest-customers/${people[name]!.customer_id}`,
        cookies: merchant.cookies,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().total_paid_cents, name).toBe(cents);
    }
  });

  it('is described in the OpenAPI document from its schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/v1/nests/{nestId}/nest-customers/find']?.post;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(doc.components.schemas.MerchantCustomerRow.properties.total_paid_cents).toBeDefined();
    // The body as the document describes it, following its references (ADR 178).
    const resolve = (node: { $ref?: string }): typeof doc =>
      node.$ref ? resolve(doc.components.schemas[node.$ref.split('/').pop()!]) : node;
    const body = resolve(operation.requestBody.content['application/json'].schema);
    expect(resolve(body.properties.sort).enum).toContain('last_check_in');
    expect(resolve(body.properties.paused).type).toBe('boolean');
    expect(resolve(body.properties.limit).maximum).toBe(100);
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
      [{ sort: 'password' }, 'sort'],
      [{ direction: 'up' }, 'direction'],
      [{ offer_id: 'not-a-uuid' }, 'offer_id'],
      [{ past_due: 'yes' }, 'past_due'],
      [
        {
          cursor: Buffer.from(JSON.stringify(['since', 'desc', "x'; drop", crypto.randomUUID()])).toString(
            'base64url',
          ),
        },
        'cursor',
      ],
      [
        {
          sort: 'name',
          cursor: Buffer.from(
            JSON.stringify(['since', 'desc', '2026-01-01 00:00:00+00', crypto.randomUUID()]),
          ).toString('base64url'),
        },
        'cursor',
      ],
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
