import { LINKS_PER_NEST_MAX } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestLinks } from '../../src/db/schema/index.js';
import { generateNestLinkId } from '../../src/modules/links/nest-link-id.js';
import { seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createNestFor } from '../nests/support.js';
import { createOfferFor } from '../offers/support.js';
import { createLinkFor, postLink, sellingMerchant } from './support.js';

const PUBLIC_URL = 'http://localhost:3000';

describe('links (merchant)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates a labelled link to an offer, with an address to share and zeroed counters', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const response = await postLink(t.app, merchant, { offer_id: merchant.offer.id, label: '  Window  ' });
    expect(response.statusCode).toBe(201);
    const link = response.json();
    expect(link).toMatchObject({
      label: 'Window',
      active: true,
      offer: { id: merchant.offer.id, name: merchant.offer.name, status: 'active' },
      visits: 0,
      checkouts_started: 0,
      subscriptions_won: 0,
    });
    expect(link.nest_link_id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(link.url).toBe(`${PUBLIC_URL}/links/${link.nest_link_id}`);
  });

  it('lists the nest’s links newest first, and only its own', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const other = await sellingMerchant(t.app, { payouts: false });
    const first = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    const second = await createLinkFor(t.app, merchant, merchant.offer.id, 'Instagram');
    await createLinkFor(t.app, other, other.offer.id, 'Flyer');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/links', cookies: merchant.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((l: { id: string }) => l.id)).toEqual([second.id, first.id]);
  });

  it('renames, turns off and on again', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/links/${link.id}`, cookies: merchant.cookies, payload });
    const renamed = await patch({ label: 'Flyer — May' });
    expect(renamed.json()).toMatchObject({ label: 'Flyer — May', active: true });
    const off = await patch({ active: false });
    expect(off.json()).toMatchObject({ label: 'Flyer — May', active: false });
    const on = await patch({ active: true });
    expect(on.json().active).toBe(true);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/links/${link.id}`,
      cookies: merchant.cookies,
    });
    expect(one.json()).toMatchObject({ id: link.id, active: true, nest_link_id: link.nest_link_id });
  });

  it('answers 404 for another merchant’s link and offer, and for ids that are not ids', async () => {
    const owner = await sellingMerchant(t.app, { payouts: false });
    const intruder = await sellingMerchant(t.app, { payouts: false });
    const link = await createLinkFor(t.app, owner, owner.offer.id);
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/links/${link.id}` },
      { method: 'PATCH' as const, url: `/api/v1/links/${link.id}`, payload: { active: false } },
      { method: 'GET' as const, url: `/api/v1/links/${link.id}/qr.png` },
      { method: 'GET' as const, url: `/api/v1/links/${link.id}/qr.svg` },
      { method: 'GET' as const, url: '/api/v1/links/not-a-uuid' },
    ]) {
      const response = await t.app.inject({ ...request, cookies: intruder.cookies });
      expect(response.statusCode, request.url).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const theirOffer = await postLink(t.app, intruder, { offer_id: owner.offer.id, label: 'Mine now' });
    expect(theirOffer.statusCode).toBe(404);
    const [row] = await t.db.select().from(nestLinks).where(eq(nestLinks.id, link.id));
    expect(row!.active).toBe(true);
  });

  it('refuses bad input with the failing fields, and needs a session and a nest', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const bad = await postLink(t.app, merchant, { offer_id: 'nope', label: '', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['extra', 'label', 'offer_id']);
    const long = await postLink(t.app, merchant, { offer_id: merchant.offer.id, label: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/links/00000000-0000-4000-8000-000000000000',
      cookies: merchant.cookies,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/links' });
    expect(anonymous.statusCode).toBe(401);
    const noNest = await seedMerchant(t.app, { plan: 'starter' });
    const withoutNest = await t.app.inject({ method: 'GET', url: '/api/v1/links', cookies: noNest.cookies });
    expect(withoutNest.statusCode).toBe(409);
    expect(withoutNest.json().code).toBe('nest_required');
  });

  it('refuses a link to an archived offer', async () => {
    const merchant = await seedMerchant(t.app, { plan: 'starter', onboarded: true });
    await createNestFor(t.app, merchant);
    const offer = await createOfferFor(t.app, merchant);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${offer.id}/archive`,
      cookies: merchant.cookies,
    });
    const response = await postLink(t.app, merchant, { offer_id: offer.id, label: 'Counter' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('offer_archived');
  });

  it('stops at the per-nest maximum of links', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    await createLinkFor(t.app, merchant, merchant.offer.id);
    await t.db.insert(nestLinks).values(
      Array.from({ length: LINKS_PER_NEST_MAX - 1 }, (_, i) => ({
        nestId: merchant.offer.nest_id,
        offerId: merchant.offer.id,
        publicId: generateNestLinkId(),
        label: `Link ${i}`,
      })),
    );
    const response = await postLink(t.app, merchant, { offer_id: merchant.offer.id, label: 'One too many' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('link_limit_reached');
  });
});

describe('nestLinkId', () => {
  it('is 12 URL-safe characters carrying 72 random bits, never repeating', () => {
    const ids = Array.from({ length: 20_000 }, generateNestLinkId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every one of the 64 symbols shows up in every position: no fixed or biased character.
    for (let position = 0; position < 12; position++) {
      expect(new Set(ids.map((id) => id[position])).size).toBe(64);
    }
    const decoded = Buffer.from(ids[0]!, 'base64url');
    expect(decoded.length * 8).toBeGreaterThanOrEqual(64);
  });
});
