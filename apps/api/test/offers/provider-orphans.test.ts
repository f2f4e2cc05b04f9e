import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offers, sandboxPrices, sandboxProducts } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/errors.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createOfferFor, merchantWithNest, postOffer, validOffer } from './support.js';

/**
 * The provider's product and price are made before our transaction; when that transaction fails,
 * they must not stay on sale in the merchant's account.
 */
describe('no product or price left behind at the provider when our write fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A database failure after the provider calls: any offer whose grants say "doomed" cannot be written.
    await t.db.execute(
      sql.raw(`create function refuse_doomed_offer() returns trigger language plpgsql as $$
        begin
          if new.grants like '%doomed%' then raise exception 'doomed offer'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_doomed_offer before insert or update on offers
        for each row execute function refuse_doomed_offer()`),
    );
  });
  afterAll(async () => t.close());

  const accountOf = async (merchant: Awaited<ReturnType<typeof merchantWithNest>>) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies })).json().payout
      .account_id as string;
  const activeProducts = async (accountId: string) =>
    (await t.db.select().from(sandboxProducts).where(eq(sandboxProducts.accountId, accountId))).filter(
      (p) => p.active,
    );
  const activePrices = async (accountId: string) =>
    (await t.db.select().from(sandboxPrices).where(eq(sandboxPrices.accountId, accountId))).filter(
      (p) => p.active,
    );

  async function merchantWithOneOffer() {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant, { name: 'Already on sale' });
    return { merchant, offer, accountId: await accountOf(merchant) };
  }

  it('a failed creation answers a problem and archives the product and price it made', async () => {
    const { merchant, accountId } = await merchantWithOneOffer();
    const response = await postOffer(t.app, merchant, validOffer({ grants: 'A doomed coffee' }));
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().code).toBe('internal_error');
    expect(await t.db.select().from(offers).where(eq(offers.nestId, merchant.nest.id))).toHaveLength(1);
    // Only the first offer's product and price are still on sale; the failed attempt's are not.
    expect(await activeProducts(accountId)).toHaveLength(1);
    expect(await activePrices(accountId)).toHaveLength(1);
    const all = await t.db.select().from(sandboxProducts).where(eq(sandboxProducts.accountId, accountId));
    expect(all).toHaveLength(2);
  });

  it('the retry with the same key, once the database accepts it, puts the same objects back on sale', async () => {
    const { merchant, accountId } = await merchantWithOneOffer();
    const headers = { 'idempotency-key': 'doomed-then-fine-0001' };
    const body = validOffer({ name: 'Croissant club', grants: 'A doomed croissant' });
    expect((await postOffer(t.app, merchant, body, headers)).statusCode).toBe(500);

    await t.db.execute(sql.raw('alter table offers disable trigger refuse_doomed_offer'));
    const retried = await postOffer(t.app, merchant, body, headers).finally(() =>
      t.db.execute(sql.raw('alter table offers enable trigger refuse_doomed_offer')),
    );
    expect(retried.statusCode).toBe(201);
    // Same provider objects as the failed attempt (no new ones), on sale again because an offer holds them.
    expect(
      await t.db.select().from(sandboxProducts).where(eq(sandboxProducts.accountId, accountId)),
    ).toHaveLength(2);
    expect(await activeProducts(accountId)).toHaveLength(2);
    expect(await activePrices(accountId)).toHaveLength(2);
  });

  it('a failed edit that made a new price deactivates that price and keeps the current one', async () => {
    const { merchant, offer, accountId } = await merchantWithOneOffer();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${offer.id}`,
      cookies: merchant.cookies,
      payload: { amount_cents: 4200, grants: 'Now doomed' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('internal_error');
    const prices = await t.db.select().from(sandboxPrices).where(eq(sandboxPrices.accountId, accountId));
    expect(prices).toHaveLength(2);
    expect(prices.filter((p) => p.active).map((p) => p.amountCents)).toEqual([offer.amount_cents]);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offer.id}`,
      cookies: merchant.cookies,
    });
    expect(read.json()).toMatchObject({ amount_cents: offer.amount_cents, grants: offer.grants });
  });

  it('a failed price at the provider archives the product made just before it', async () => {
    const { merchant, accountId } = await merchantWithOneOffer();
    const spy = vi
      .spyOn(t.app.payments, 'createPrice')
      .mockRejectedValueOnce(new AppError('provider_unavailable'));
    const response = await postOffer(t.app, merchant, validOffer({ name: 'Tea club' }));
    spy.mockRestore();
    expect(response.statusCode).toBe(503);
    expect(await activeProducts(accountId)).toHaveLength(1);
  });

  it('when the discard itself fails, a job discards them later', async () => {
    const { merchant, accountId } = await merchantWithOneOffer();
    const spy = vi
      .spyOn(t.app.payments, 'updateProduct')
      .mockRejectedValueOnce(new AppError('provider_unavailable'));
    const response = await postOffer(t.app, merchant, validOffer({ grants: 'A doomed tea' }));
    spy.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(await activeProducts(accountId)).toHaveLength(2);
    await t.app.jobs.drain();
    expect(await activeProducts(accountId)).toHaveLength(1);
    expect(await activePrices(accountId)).toHaveLength(1);
  });
});
