// What the server benches seed through the API itself: a merchant ready to sell, with a link.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';

export type App = Awaited<ReturnType<typeof buildApp>>;

export async function inject(app: App, request: InjectOptions, expected: number) {
  const response = await app.inject(request);
  if (response.statusCode !== expected) {
    throw new Error(`${JSON.stringify(request)} answered ${response.statusCode}: ${response.body}`);
  }
  return response;
}

/** A merchant ready to sell: plan, nest, payout account enabled on the sandbox, an offer, a link. */
export async function seedLink(
  app: App,
  email = 'bench@example.com',
): Promise<{ nestLinkId: string; cookie: string; offerId: string }> {
  const merchant = await inject(
    app,
    {
      method: 'POST',
      url: '/api/v1/test/merchants',
      payload: { email, plan: 'pro', onboarded: true },
    },
    201,
  );
  const cookies = Object.fromEntries(merchant.cookies.map((c) => [c.name, c.value]));
  await inject(
    app,
    {
      method: 'POST',
      url: '/api/v1/nests',
      cookies,
      payload: {
        name: 'Café Bench',
        category: 'cafe',
        address: { line1: '1 rue de la Paix', postal_code: '75002', city: 'Paris', country: 'FR' },
      },
    },
    201,
  );
  const onboarding = await inject(
    app,
    { method: 'POST', url: '/api/v1/nests/me/payout-account', cookies },
    200,
  );
  const page = new URL(onboarding.json().url);
  await inject(
    app,
    {
      method: 'POST',
      url: `${page.pathname}${page.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        business_name: 'Café Bench',
        iban: 'FR14 2004 1010 0505 0001 3M02 606',
      }).toString(),
    },
    303,
  );
  await app.jobs.drain();
  const offer = await inject(
    app,
    {
      method: 'POST',
      url: '/api/v1/offers',
      cookies,
      payload: {
        name: 'Coffee every morning',
        grants: 'One filter coffee a day',
        amount_cents: 2900,
        interval: 'month',
        capacity: 500,
      },
    },
    201,
  );
  const link = await inject(
    app,
    {
      method: 'POST',
      url: '/api/v1/links',
      cookies,
      payload: { offer_id: offer.json().id, label: 'Counter' },
    },
    201,
  );
  return {
    offerId: offer.json().id,
    nestLinkId: link.json().nest_link_id,
    cookie: Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
  };
}

/**
 * `count` subscriptions (active, one customer) to another merchant's offer with a capacity: the rest
 * of the database, which a link's public page must not read. Answers how long the seeding took (ms).
 */
export async function seedOtherNests(app: App, database: Database, count: number): Promise<number> {
  if (count <= 0) return 0;
  const other = await seedLink(app, 'crowd@example.com');
  const added = await app.inject({
    method: 'POST',
    url: `/api/v1/test/offers/${other.offerId}/subscribers`,
    payload: {},
  });
  if (added.statusCode !== 201) throw new Error(`subscriber not added: ${added.body}`);
  const first = added.json().subscription_id as string;
  const started = performance.now();
  await database.db.execute(sql`insert into nest_subscriptions (nest_id, customer_id, offer_price_id, status, provider)
    select s.nest_id, s.customer_id, s.offer_price_id, 'active', s.provider
    from nest_subscriptions s, generate_series(2, ${count})
    where s.id = ${first}`);
  await database.db.execute(sql`analyze`);
  return performance.now() - started;
}
