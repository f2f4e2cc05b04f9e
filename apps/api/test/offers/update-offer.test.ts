import { isOfferFull } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nestSubscriptions, offerPrices, sandboxPrices } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/errors.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addSubscriber, createOfferFor, merchantWithNest } from './support.js';

describe('editing an offer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const patch = (merchant: { cookies: Record<string, string> }, id: string, payload: unknown, headers = {}) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${id}`,
      cookies: merchant.cookies,
      headers,
      payload: payload as object,
    });

  const providerPrice = async (priceVersionId: string) => {
    const [version] = await t.db.select().from(offerPrices).where(eq(offerPrices.id, priceVersionId));
    const [price] = await t.db
      .select()
      .from(sandboxPrices)
      .where(eq(sandboxPrices.id, version!.providerPriceId));
    return price!;
  };

  it('changes the price in place while nobody subscribed, with a new provider price; the old one is deactivated', async () => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant, { amount_cents: 2000 });
    const oldPrice = await providerPrice(offer.current_version_id);

    const response = await patch(merchant, offer.id, {
      amount_cents: 2500,
      interval: 'year',
      interval_count: 1,
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json();
    expect(edited).toMatchObject({ amount_cents: 2500, interval: 'year', interval_count: 1 });
    expect(edited.versions).toHaveLength(1);
    expect(edited.current_version_id).toBe(offer.current_version_id);

    const newPrice = await providerPrice(edited.current_version_id);
    expect(newPrice.id).not.toBe(oldPrice.id);
    expect(newPrice).toMatchObject({ amountCents: 2500, interval: 'year', intervalCount: 1, active: true });
    await t.app.jobs.drain();
    const [old] = await t.db.select().from(sandboxPrices).where(eq(sandboxPrices.id, oldPrice.id));
    expect(old!.active).toBe(false);
  });

  it('gives new subscribers a new version when the price has subscribers; existing ones stay on theirs', async () => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant, { amount_cents: 3000 });
    const subscriber = await addSubscriber(t.app, offer.id);
    expect(subscriber.version).toBe(1);

    const response = await patch(merchant, offer.id, { amount_cents: 3500 });
    expect(response.statusCode).toBe(200);
    const edited = response.json();
    expect(edited.amount_cents).toBe(3500);
    expect(edited.subscriber_count).toBe(1);
    expect(edited.versions).toMatchObject([
      { version: 2, amount_cents: 3500, current: true, subscriber_count: 0 },
      { version: 1, amount_cents: 3000, current: false, subscriber_count: 1 },
    ]);
    const [subscription] = await t.db
      .select()
      .from(nestSubscriptions)
      .where(eq(nestSubscriptions.id, subscriber.subscription_id));
    expect(subscription!.offerPriceId).toBe(offer.current_version_id);
    expect((await providerPrice(offer.current_version_id)).amountCents).toBe(3000);

    // A new subscriber now joins version 2.
    expect((await addSubscriber(t.app, offer.id)).version).toBe(2);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offer.id}`,
      cookies: merchant.cookies,
    });
    expect(read.json().versions.map((v: { subscriber_count: number }) => v.subscriber_count)).toEqual([1, 1]);
    expect(read.json().subscriber_count).toBe(2);
    // The capacity counts subscribers of every version.
    const capped = await patch(merchant, offer.id, { capacity: 2 });
    expect(isOfferFull(capped.json())).toBe(true);
    expect(isOfferFull({ ...capped.json(), capacity: 3 })).toBe(false);
  });

  it('keeps a version with only cancelled subscribers as history too', async () => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant);
    await addSubscriber(t.app, offer.id, { status: 'canceled' });
    const edited = (await patch(merchant, offer.id, { interval: 'week', interval_count: 4 })).json();
    expect(edited.versions).toHaveLength(2);
    expect(edited.subscriber_count).toBe(0);
  });

  it('edits everything else in place without touching the price', async () => {
    const merchant = await merchantWithNest(t.app, 'pro');
    const offer = await createOfferFor(t.app, merchant);
    await addSubscriber(t.app, offer.id);
    const before = await providerPrice(offer.current_version_id);
    const response = await patch(merchant, offer.id, {
      name: 'Coffee & croissant',
      description: null,
      grants: 'A coffee and a croissant each day',
      trial_days: 14,
      capacity: 50,
      usage_allowance: { uses: 1, per: 'day' },
      reward_rule: { kind: 'check_ins', every: 10, reward_name: 'Free pastry' },
      amount_cents: 2900,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Coffee & croissant',
      description: null,
      trial_days: 14,
      capacity: 50,
      usage_allowance: { uses: 1, per: 'day' },
      reward_rule: { kind: 'check_ins', every: 10, reward_name: 'Free pastry' },
    });
    expect(response.json().versions).toHaveLength(1);
    expect((await providerPrice(offer.current_version_id)).id).toBe(before.id);
  });

  it('checks the interval count against the interval the offer keeps', async () => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant, { interval: 'month', interval_count: 1 });
    const response = await patch(merchant, offer.id, { interval_count: 13 }, { 'accept-language': 'fr-FR' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'interval_count', code: 'too_big_number', message: 'Doit être au plus 12.' },
    ]);
    const yearly = await patch(merchant, offer.id, { interval: 'year' });
    expect(yearly.statusCode).toBe(200);
    expect((await patch(merchant, offer.id, { interval_count: 2 })).statusCode).toBe(400);
  });

  it.each([
    [{}],
    [{ amount_cents: 0 }],
    [{ amount_cents: -1 }],
    [{ amount_cents: 10_000_000 }],
    [{ interval: 'fortnight' }],
    [{ name: '' }],
    [{ nest_id: '00000000-0000-4000-8000-000000000000' }],
    [{ status: 'archived' }],
    [{ current_version_id: '00000000-0000-4000-8000-000000000000' }],
  ])('refuses %j', async (payload) => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant);
    const response = await patch(merchant, offer.id, payload);
    expect(response.statusCode).toBe(400);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offer.id}`,
      cookies: merchant.cookies,
    });
    expect(read.json()).toEqual(offer);
  });

  it('refuses a reward rule on Starter, but lets a Starter merchant remove one', async () => {
    const merchant = await merchantWithNest(t.app, 'starter');
    const offer = await createOfferFor(t.app, merchant);
    const refused = await patch(merchant, offer.id, {
      reward_rule: { kind: 'paid_periods', every: 6, reward_name: 'Mug' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_required');
    const removed = await patch(merchant, offer.id, { reward_rule: null });
    expect(removed.statusCode).toBe(200);
  });

  it('changes nothing when the provider fails, and the retry reuses the price it made', async () => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant, { amount_cents: 1500 });
    const { accountId } = await providerPrice(offer.current_version_id);
    const accountPrices = () =>
      t.db.select().from(sandboxPrices).where(eq(sandboxPrices.accountId, accountId));
    const pricesBefore = (await accountPrices()).length;
    const read = () =>
      t.app.inject({ method: 'GET', url: `/api/v1/offers/${offer.id}`, cookies: merchant.cookies });

    const updateProduct = vi
      .spyOn(t.app.payments, 'updateProduct')
      .mockRejectedValueOnce(new AppError('provider_unavailable'));
    const failed = await patch(merchant, offer.id, { name: 'Renamed', amount_cents: 1800 });
    updateProduct.mockRestore();
    expect(failed.statusCode).toBe(503);
    expect((await read()).json()).toEqual(offer);

    // The provider makes the price but its answer is lost on the way back.
    const original = t.app.payments.createPrice;
    const createPrice = vi.spyOn(t.app.payments, 'createPrice').mockImplementationOnce(async (...args) => {
      await original(...args);
      throw new AppError('provider_unavailable');
    });
    const lost = await patch(merchant, offer.id, { name: 'Renamed', amount_cents: 1800 });
    createPrice.mockRestore();
    expect(lost.statusCode).toBe(503);
    expect((await read()).json()).toEqual(offer);
    expect((await accountPrices()).length).toBe(pricesBefore + 1);

    const retried = await patch(merchant, offer.id, { name: 'Renamed', amount_cents: 1800 });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ name: 'Renamed', amount_cents: 1800 });
    expect((await accountPrices()).length).toBe(pricesBefore + 1);
  });

  it('refuses an edit that raced another one, and retires the price it made', async () => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant, { amount_cents: 1000 });
    const original = t.app.payments.createPrice;
    let raced = '';
    const createPrice = vi.spyOn(t.app.payments, 'createPrice').mockImplementationOnce(async (...args) => {
      // Another tab saves a new name while this edit waits on the provider.
      await patch(merchant, offer.id, { name: 'Saved elsewhere' });
      const price = await original(...args);
      raced = price.id;
      return price;
    });
    const response = await patch(merchant, offer.id, { amount_cents: 1200 });
    createPrice.mockRestore();
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('conflict');
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offer.id}`,
      cookies: merchant.cookies,
    });
    expect(read.json()).toMatchObject({ name: 'Saved elsewhere', amount_cents: 1000 });
    await t.app.jobs.drain();
    const [orphan] = await t.db.select().from(sandboxPrices).where(eq(sandboxPrices.id, raced));
    expect(orphan!.active).toBe(false);
  });

  it('answers 404 for another merchant’s offer, and for ids that are not ids', async () => {
    const owner = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, owner);
    const intruder = await merchantWithNest(t.app);
    const requests = [
      { method: 'GET' as const, url: `/api/v1/offers/${offer.id}` },
      { method: 'PATCH' as const, url: `/api/v1/offers/${offer.id}`, payload: { name: 'Mine now' } },
      { method: 'POST' as const, url: `/api/v1/offers/${offer.id}/archive` },
      { method: 'POST' as const, url: `/api/v1/offers/${offer.id}/restore` },
      { method: 'GET' as const, url: '/api/v1/offers/not-a-uuid' },
    ];
    for (const request of requests) {
      const response = await t.app.inject({ ...request, cookies: intruder.cookies });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offer.id}`,
      cookies: owner.cookies,
    });
    expect(read.json()).toEqual(offer);
  });
});
