import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offerPrices, offers, payoutAccounts } from '../../src/db/schema/index.js';
import { PublicLinkCache } from '../../src/modules/links/public-link-cache.js';
import type { PublicLinkRead } from '../../src/modules/links/read-public-link.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addSubscriber } from '../offers/support.js';
import {
  createLinkFor,
  enablePayouts,
  getPublicLink,
  postCheckout,
  readPublicLink,
  sellingMerchant,
} from './support.js';

/** A read as the cache sees it: only the ids it matches on matter here. */
const fakeRead = (linkId: string, nestId = 'nest-1', ownerId = 'owner-1') =>
  ({ linkId, nest: { id: nestId, ownerId } }) as unknown as PublicLinkRead;

describe('the public link cache (unit)', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('reads once per link while fresh, and again once expired', async () => {
    const time = clock();
    const cache = new PublicLinkCache(1000, time.now);
    let loads = 0;
    const load = async () => fakeRead(`read-${++loads}`);
    const first = await cache.get('abc', load);
    // Concurrent visitors share one read.
    const [a, b] = await Promise.all([cache.get('abc', load), cache.get('abc', load)]);
    expect(loads).toBe(1);
    expect(a).toBe(first);
    expect(b).toBe(first);
    time.advance(999);
    expect(await cache.get('abc', load)).toBe(first);
    time.advance(1);
    expect((await cache.get('abc', load))?.linkId).toBe('read-2');
    expect(loads).toBe(2);
  });

  it('keeps neither a missing link nor a failed read', async () => {
    const cache = new PublicLinkCache(1000, clock().now);
    let loads = 0;
    const missing = async () => {
      loads++;
      return undefined;
    };
    expect(await cache.get('gone', missing)).toBeUndefined();
    expect(await cache.get('gone', missing)).toBeUndefined();
    expect(loads).toBe(2);
    await expect(cache.get('down', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect((await cache.get('down', async () => fakeRead('up')))?.linkId).toBe('up');
  });

  it('forgets by link, by nest and by owner, and only those', async () => {
    const cache = new PublicLinkCache(1000, clock().now);
    await cache.get('a1', async () => fakeRead('a1', 'nest-a', 'owner-a'));
    await cache.get('a2', async () => fakeRead('a2', 'nest-a', 'owner-a'));
    await cache.get('b1', async () => fakeRead('b1', 'nest-b', 'owner-b'));
    await cache.get('c1', async () => fakeRead('c1', 'nest-c', 'owner-c'));
    cache.forNest('nest-a');
    expect(cache.size).toBe(2);
    cache.forOwner('owner-b');
    expect(cache.size).toBe(1);
    cache.forLink('c1');
    expect(cache.size).toBe(0);
  });

  it('never keeps a read that was under way when the page was invalidated', async () => {
    const cache = new PublicLinkCache(1000, clock().now);
    let release: (read: PublicLinkRead) => void = () => {};
    const stale = cache.get('abc', () => new Promise((resolve) => (release = resolve)));
    cache.forNest('some other nest'); // it cannot know the nest of a read under way: forgotten too
    release(fakeRead('before the write'));
    expect((await stale)?.linkId).toBe('before the write');
    expect((await cache.get('abc', async () => fakeRead('after the write')))?.linkId).toBe('after the write');
  });

  it('with a lifetime of 0, reads every time', async () => {
    const cache = new PublicLinkCache(0, clock().now);
    let loads = 0;
    for (let i = 0; i < 3; i++) await cache.get('abc', async () => fakeRead(`r${++loads}`));
    expect(loads).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('holds at most 10,000 links, dropping expired then oldest ones', async () => {
    const time = clock();
    const cache = new PublicLinkCache(1000, time.now);
    for (let i = 0; i < 10_000; i++) await cache.get(`k${i}`, async () => fakeRead(`k${i}`));
    expect(cache.size).toBe(10_000);
    await cache.get('one more', async () => fakeRead('one more'));
    expect(cache.size).toBe(10_000);
    time.advance(1000);
    await cache.get('after expiry', async () => fakeRead('after expiry'));
    expect(cache.size).toBe(1);
  });
});

describe('the public page with the cache on (PUBLIC_LINK_CACHE_MS=1000)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_LINK_CACHE_MS: 1000 });
  });
  afterAll(async () => t.close());

  const rename = (offerId: string, name: string) =>
    t.db.update(offers).set({ name }).where(eq(offers.id, offerId));

  it('answers from the cache for at most a second, then reads the database again', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    // The cache's clock is Date.now: held still here, so a slow machine cannot expire the entry early.
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    try {
      const before = await readPublicLink(t.app, link.nest_link_id);
      // A change behind the API's back (as another process's write would be) is not seen at once…
      await rename(merchant.offer.id, 'Renamed elsewhere');
      expect((await readPublicLink(t.app, link.nest_link_id)).offer.name).toBe(before.offer.name);
      clock.mockReturnValue(start + 999);
      expect((await readPublicLink(t.app, link.nest_link_id)).offer.name).toBe(before.offer.name);
      // …and is seen once the entry is a second old.
      clock.mockReturnValue(start + 1000);
      expect((await readPublicLink(t.app, link.nest_link_id)).offer.name).toBe('Renamed elsewhere');
    } finally {
      clock.mockRestore();
    }
  });

  it('counts every visit, answered from the cache or not', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    for (let i = 0; i < 5; i++) await readPublicLink(t.app, link.nest_link_id);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/links', cookies: merchant.cookies });
    expect(list.json().items[0]).toMatchObject({ id: link.id, visits: 5 });
  });

  it('is not found at once when the merchant turns the link off, and back at once when turned on', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const patch = (active: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/links/${link.id}`,
        cookies: merchant.cookies,
        payload: { active },
      });
    expect((await getPublicLink(t.app, link.nest_link_id)).statusCode).toBe(200);
    expect((await patch(false)).statusCode).toBe(200);
    expect((await getPublicLink(t.app, link.nest_link_id)).statusCode).toBe(404);
    expect((await patch(true)).statusCode).toBe(200);
    expect((await getPublicLink(t.app, link.nest_link_id)).statusCode).toBe(200);
  });

  it('shows an archived offer, a new price, a new nest name and payouts turned on at once', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false, offer: { amount_cents: 1200 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const read = () => readPublicLink(t.app, link.nest_link_id);
    expect((await read()).availability).toBe('payouts_not_enabled');
    // Payouts arrive through the provider's webhook (the sandbox's onboarding form).
    await enablePayouts(t.app, merchant);
    expect((await read()).availability).toBe('open');

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${merchant.offer.id}`,
      cookies: merchant.cookies,
      payload: { amount_cents: 1500 },
    });
    expect(edited.statusCode).toBe(200);
    expect((await read()).offer.amount_cents).toBe(1500);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/nests/me',
      cookies: merchant.cookies,
      payload: { name: 'Café Soleil' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await read()).nest.name).toBe('Café Soleil');

    const archived = await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${merchant.offer.id}/archive`,
      cookies: merchant.cookies,
    });
    expect(archived.statusCode).toBe(200);
    expect((await read()).availability).toBe('archived');
  });

  it('never decides a checkout: capacity and payouts are read from the database at checkout start', async () => {
    const full = await sellingMerchant(t.app, { offer: { capacity: 1 } });
    const fullLink = await createLinkFor(t.app, full, full.offer.id);
    const fullPage = await readPublicLink(t.app, fullLink.nest_link_id);
    await addSubscriber(t.app, full.offer.id, { status: 'active' });
    // The cached page still says open…
    expect((await readPublicLink(t.app, fullLink.nest_link_id)).availability).toBe('open');
    // …the checkout does not believe it.
    const refused = await postCheckout(t.app, fullLink.nest_link_id, {
      email: 'late@example.com',
      name: 'Late',
      price_version_id: fullPage.price_version_id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('offer_at_capacity');

    const held = await sellingMerchant(t.app);
    const heldLink = await createLinkFor(t.app, held, held.offer.id);
    const heldPage = await readPublicLink(t.app, heldLink.nest_link_id);
    await t.db
      .update(payoutAccounts)
      .set({ chargesEnabled: false })
      .where(eq(payoutAccounts.providerAccountId, held.accountId!));
    expect((await readPublicLink(t.app, heldLink.nest_link_id)).availability).toBe('open');
    const notEnabled = await postCheckout(t.app, heldLink.nest_link_id, {
      email: 'late@example.com',
      name: 'Late',
      price_version_id: heldPage.price_version_id,
    });
    expect(notEnabled.statusCode).toBe(409);
    expect(notEnabled.json().code).toBe('payouts_not_enabled');
  });

  it('never decides a checkout: a price changed behind the cache is refused with the new price', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 1200 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const page = await readPublicLink(t.app, link.nest_link_id);
    // Another process edits the price (written here behind this process's back): its cache still shows the old one.
    await t.db
      .update(offerPrices)
      .set({ amountCents: 1500 })
      .where(eq(offerPrices.offerId, merchant.offer.id));
    expect((await readPublicLink(t.app, link.nest_link_id)).offer.amount_cents).toBe(1200);
    const refused = await postCheckout(t.app, link.nest_link_id, {
      email: 'a@example.com',
      name: 'Ana',
      price_version_id: page.price_version_id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('price_changed');
  });
});
