import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offers, sandboxProducts } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/errors.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addSubscriber, createOfferFor, merchantWithNest } from './support.js';

describe('archiving and restoring an offer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const action = (merchant: { cookies: Record<string, string> }, id: string, verb: 'archive' | 'restore') =>
    t.app.inject({ method: 'POST', url: `/api/v1/offers/${id}/${verb}`, cookies: merchant.cookies });

  const productOf = async (offerId: string) => {
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    const [product] = await t.db
      .select()
      .from(sandboxProducts)
      .where(eq(sandboxProducts.id, row!.providerProductId));
    return product!;
  };

  it('archives (the provider’s product stops selling, subscribers stay) and restores', async () => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant);
    await addSubscriber(t.app, offer.id);

    const archived = await action(merchant, offer.id, 'archive');
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ status: 'archived', subscriber_count: 1 });
    expect(archived.json().archived_at).not.toBeNull();
    expect((await productOf(offer.id)).active).toBe(false);

    const again = await action(merchant, offer.id, 'archive');
    expect(again.json()).toEqual(archived.json());

    const restored = await action(merchant, offer.id, 'restore');
    expect(restored.json()).toMatchObject({ status: 'active', archived_at: null, subscriber_count: 1 });
    expect((await productOf(offer.id)).active).toBe(true);
  });

  it('stays active when the provider fails', async () => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant);
    const spy = vi
      .spyOn(t.app.payments, 'updateProduct')
      .mockRejectedValueOnce(new AppError('provider_unavailable'));
    const response = await action(merchant, offer.id, 'archive');
    spy.mockRestore();
    expect(response.statusCode).toBe(503);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offer.id}`,
      cookies: merchant.cookies,
    });
    expect(read.json().status).toBe('active');
  });
});
