import type { MerchantCustomerDetail } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, rewards } from '../../src/db/schema/index.js';
import { readMail, type SignedInMerchant, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, sellingMerchant, subscribeThroughLink } from '../links/support.js';

describe('one customer in detail (GET /nests/{id}/nest-customers/{customerId})', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const detail = (merchant: SignedInMerchant | null, customerId: string, nestId = 'me') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/nests/${nestId}/nest-customers/${customerId}`,
      ...(merchant ? { cookies: merchant.cookies } : {}),
    });

  async function customerIdOf(merchant: SignedInMerchant, email: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/nest-customers/find',
      cookies: merchant.cookies,
      payload: { query: email },
    });
    return response.json().rows[0].customer.id;
  }

  it('shows this nest’s subscriptions, invoices, check-ins and rewards of the customer, and nothing of another nest', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { name: 'Café illimité', amount_cents: 2900 } });
    const other = await sellingMerchant(t.app, { offer: { name: 'Yoga', amount_cents: 4500 } });
    const email = uniqueEmail('jeanne');
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Comptoir');
    const otherLink = await createLinkFor(t.app, other, other.offer.id, 'Flyer');
    await subscribeThroughLink(t.app, link.nest_link_id, { email, name: 'Jeanne Dupont' });
    await subscribeThroughLink(t.app, otherLink.nest_link_id, { email, name: 'Jeanne Dupont' });
    const customerId = await customerIdOf(merchant, email);

    const first = (await detail(merchant, customerId)).json() as MerchantCustomerDetail;
    const subscriptionId = first.subscriptions[0]!.id;
    await t.db.insert(checkIns).values([
      { nestId: merchant.offer.nest_id, customerId, subscriptionId, result: 'eligible', counts: true },
      { nestId: other.offer.nest_id, customerId, result: 'not_eligible', reason: 'elsewhere' },
    ]);
    await t.db.insert(rewards).values({
      nestId: merchant.offer.nest_id,
      subscriptionId,
      kind: 'check_ins',
      rule: { kind: 'check_ins', every: 1, reward_name: 'Un croissant' },
      milestone: 1,
    });

    const response = await detail(merchant, customerId);
    expect(response.statusCode, response.body).toBe(200);
    const customer = response.json() as MerchantCustomerDetail;
    expect(customer).toMatchObject({ id: customerId, name: 'Jeanne Dupont', email, total_paid_cents: 2900 });
    expect(customer.subscriptions.map((s) => s.offer.name)).toEqual(['Café illimité']);
    expect(customer.invoices).toHaveLength(1);
    expect(customer.invoices[0]).toMatchObject({
      offer_name: 'Café illimité',
      status: 'paid',
      amount_paid_cents: 2900,
      billing_reason: 'subscription_create',
    });
    expect(customer.check_ins).toHaveLength(1);
    expect(customer.check_ins[0]).toMatchObject({ result: 'eligible', subscription_id: subscriptionId });
    expect(customer.rewards).toEqual([
      expect.objectContaining({ name: 'Un croissant', milestone: 1, redeemed_at: null }),
    ]);
    expect(JSON.stringify(customer)).not.toContain('Yoga');
    expect(JSON.stringify(customer)).not.toContain('elsewhere');
  });

  it('is 404 for another merchant’s customer or nest, an unknown id, and 401 to a visitor', async () => {
    const merchant = await sellingMerchant(t.app);
    const other = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, other, other.offer.id, 'Flyer');
    const email = uniqueEmail('theirs');
    await subscribeThroughLink(t.app, link.nest_link_id, { email });
    const theirs = await customerIdOf(other, email);

    expect((await detail(other, theirs)).statusCode).toBe(200);
    for (const response of [
      await detail(merchant, theirs),
      await detail(merchant, theirs, other.offer.nest_id),
      await detail(merchant, '00000000-0000-4000-8000-000000000000'),
      await detail(merchant, 'not-a-uuid'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect((await detail(null, theirs)).statusCode).toBe(401);
  });

  it('sends the customer a new sign-in email on the merchant’s request, limited, and only for their own customer', async () => {
    const merchant = await sellingMerchant(t.app);
    const other = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Comptoir');
    const email = uniqueEmail('pass');
    await subscribeThroughLink(t.app, link.nest_link_id, { email, name: 'Paul Pass' });
    const customerId = await customerIdOf(merchant, email);
    const send = (who: SignedInMerchant | null, id = customerId, nestId = 'me') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/nests/${nestId}/nest-customers/${id}/sign-in-link`,
        ...(who ? { cookies: who.cookies } : {}),
      });

    const before = (await readMail(t.app, email)).length;
    const sent = await send(merchant);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ email });
    const mail = await readMail(t.app, email);
    expect(mail.length).toBe(before + 1);
    expect(JSON.stringify(mail.at(-1))).toContain('/client/login?token=');

    expect((await send(other)).statusCode).toBe(404);
    expect((await send(other, customerId, merchant.offer.nest_id)).statusCode).toBe(404);
    expect((await send(merchant, 'not-a-uuid')).statusCode).toBe(404);
    expect((await send(null)).statusCode).toBe(401);

    expect((await send(merchant)).statusCode).toBe(202);
    expect((await send(merchant)).statusCode).toBe(202);
    const limited = await send(merchant);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
