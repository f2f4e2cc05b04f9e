import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestTransactions } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addSubscriber } from '../offers/support.js';
import {
  createLinkFor,
  getPublicLink,
  postCheckout,
  readPublicLink,
  type SellingMerchant,
  sellingMerchant,
} from './support.js';

describe('the public page of a link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const checkout = async (nestLinkId: string) => {
    const page = await readPublicLink(t.app, nestLinkId);
    return postCheckout(t.app, nestLinkId, {
      email: 'visitor@example.com',
      name: 'Jeanne Dupont',
      price_version_id: page.price_version_id,
    });
  };

  /** Seeds a succeeded customer payment of the merchant's nest, at an instant. */
  async function seedPayment(merchant: SellingMerchant, amountCents: number, occurredAt = new Date()) {
    await t.db.insert(nestTransactions).values({
      nestId: merchant.offer.nest_id,
      kind: 'payment',
      status: 'succeeded',
      amountCents,
      feeCents: 0,
      netCents: amountCents,
      currency: 'eur',
      provider: 'sandbox',
      occurredAt,
    });
  }

  it('shows the nest as the merchant edits it: name and description change on its links at once', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    expect((await readPublicLink(t.app, link.nest_link_id)).nest.name).toBe('Café Lumière');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/nests/me',
      cookies: merchant.cookies,
      payload: { name: 'Café Lumière & Fils', description: 'Roasted on site since 1998.' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const page = await readPublicLink(t.app, link.nest_link_id);
    expect(page.nest).toMatchObject({
      name: 'Café Lumière & Fils',
      description: 'Roasted on site since 1998.',
    });
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/nests/me',
      cookies: merchant.cookies,
      payload: { description: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await readPublicLink(t.app, link.nest_link_id)).nest.description).toBeNull();
  });

  it('shows the nest, the offer at its current price, and that it is open, to anybody', async () => {
    const merchant = await sellingMerchant(t.app, {
      offer: {
        name: 'Café du matin',
        description: 'Un café filtre par jour.',
        grants: 'One filter coffee a day',
        amount_cents: 1990,
        interval: 'month',
        trial_days: 7,
        usage_allowance: { uses: 1, per: 'day' },
      },
    });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const response = await getPublicLink(t.app, link.nest_link_id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.json()).toEqual({
      nest_link_id: link.nest_link_id,
      nest: {
        name: 'Café Lumière',
        logo_url: null,
        category: 'cafe',
        description: 'Coffee subscriptions in the 11th.',
        brand_color: null,
      },
      offer: {
        name: 'Café du matin',
        description: 'Un café filtre par jour.',
        grants: 'One filter coffee a day',
        amount_cents: 1990,
        currency: 'EUR',
        interval: 'month',
        interval_count: 1,
        trial_days: 7,
        reward_rule: null,
        usage_allowance: { uses: 1, per: 'day' },
      },
      price_version_id: expect.stringMatching(new RegExp(`^${merchant.offer.current_version_id}\\.`)),
      availability: 'open',
    });
  });

  it('counts each visit on the link', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    for (let i = 0; i < 3; i++) await readPublicLink(t.app, link.nest_link_id);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/links', cookies: merchant.cookies });
    expect(list.json().items[0]).toMatchObject({ id: link.id, visits: 3, checkouts_started: 0 });
  });

  it('is not found for an unknown, malformed or turned-off link', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/links/${link.id}`,
      cookies: merchant.cookies,
      payload: { active: false },
    });
    for (const id of [link.nest_link_id, 'AAAAAAAAAAAA', 'short', 'x'.repeat(64), '%27%3Bdrop']) {
      const response = await getPublicLink(t.app, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe('not_found');
      const refused = await postCheckout(t.app, id, {
        email: 'a@example.com',
        name: 'A',
        price_version_id: 'x',
      });
      expect(refused.statusCode, id).toBe(404);
    }
  });

  it('says politely when payouts are not enabled yet, and refuses the checkout', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    expect((await readPublicLink(t.app, link.nest_link_id)).availability).toBe('payouts_not_enabled');
    const refused = await checkout(link.nest_link_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'payouts_not_enabled',
      detail: 'Café Lumière cannot take subscriptions online just yet. Please try again soon.',
    });
  });

  it('is at capacity when its places are held, counting every version but not ended subscriptions', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { capacity: 2 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    await addSubscriber(t.app, merchant.offer.id, { status: 'active' });
    await addSubscriber(t.app, merchant.offer.id, { status: 'canceled' });
    expect((await readPublicLink(t.app, link.nest_link_id)).availability).toBe('open');
    await addSubscriber(t.app, merchant.offer.id, { status: 'past_due' });
    expect((await readPublicLink(t.app, link.nest_link_id)).availability).toBe('at_capacity');
    const refused = await checkout(link.nest_link_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('offer_at_capacity');
  });

  it('pauses new subscriptions when the month’s revenue reaches the plan’s limit, in the visitor’s language', async () => {
    const merchant = await sellingMerchant(t.app, { plan: 'starter', timeZone: 'America/New_York' });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    await seedPayment(merchant, 2_499_99);
    expect((await readPublicLink(t.app, link.nest_link_id)).availability).toBe('open');
    await seedPayment(merchant, 1);
    expect((await readPublicLink(t.app, link.nest_link_id)).availability).toBe('revenue_limit_reached');
    const page = await readPublicLink(t.app, link.nest_link_id);
    const refused = await postCheckout(
      t.app,
      link.nest_link_id,
      { email: 'a@example.com', name: 'Ana', price_version_id: page.price_version_id },
      { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'revenue_limit_reached',
      title: 'En pause ce mois-ci',
      detail: 'Café Lumière ne prend plus de nouveaux abonnements ce mois-ci. Revenez le mois prochain.',
    });
  });

  it('counts only this month in the merchant’s time zone: last month’s payments do not pause anything', async () => {
    const merchant = await sellingMerchant(t.app, { plan: 'starter' });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await seedPayment(merchant, 3_000_00, lastMonth);
    expect((await readPublicLink(t.app, link.nest_link_id)).availability).toBe('open');
  });

  it('has no limit on Enterprise', async () => {
    const merchant = await sellingMerchant(t.app, { plan: 'enterprise' });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    await seedPayment(merchant, 1_000_000_00);
    expect((await readPublicLink(t.app, link.nest_link_id)).availability).toBe('open');
  });

  it('says the offer is no longer sold once archived, and refuses the checkout', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const before = await readPublicLink(t.app, link.nest_link_id);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${merchant.offer.id}/archive`,
      cookies: merchant.cookies,
    });
    const after = await readPublicLink(t.app, link.nest_link_id);
    expect(after.availability).toBe('archived');
    expect(after.offer.name).toBe(before.offer.name);
    const refused = await postCheckout(t.app, link.nest_link_id, {
      email: 'a@example.com',
      name: 'Ana',
      price_version_id: before.price_version_id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('offer_archived');
    const rows = await t.db
      .select()
      .from(nestTransactions)
      .where(eq(nestTransactions.nestId, merchant.offer.nest_id));
    expect(rows).toHaveLength(0);
  });
});
