import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createNestFor } from './support.js';

describe('the merchant’s nest: reading and editing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('updates the fields sent and keeps the slug, by me or by id', async () => {
    const merchant = await seedMerchant(t.app, { plan: 'starter' });
    const nest = await createNestFor(t.app, merchant, { name: 'Old Name' });
    const byMe = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/nests/me',
      cookies: merchant.cookies,
      payload: { name: 'New Name', description: null, category: 'bakery' },
    });
    expect(byMe.statusCode).toBe(200);
    expect(byMe.json()).toMatchObject({
      name: 'New Name',
      description: null,
      category: 'bakery',
      slug: nest.slug,
    });

    const byId = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/nests/${nest.id}`,
      cookies: merchant.cookies,
      payload: {
        address: { line1: '3 quai', line2: 'Bât. B', postal_code: '13002', city: 'Marseille', country: 'FR' },
        time_zone: 'Europe/Berlin',
      },
    });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      name: 'New Name',
      time_zone: 'Europe/Berlin',
      address: { line2: 'Bât. B', city: 'Marseille' },
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/nests/${nest.id}`,
      cookies: merchant.cookies,
    });
    expect(read.json()).toEqual(byId.json());
  });

  it('answers 404 for another merchant’s nest, reading or writing, and changes nothing', async () => {
    const owner = await seedMerchant(t.app);
    const nest = await createNestFor(t.app, owner, { name: 'Mine' });
    const intruder = await seedMerchant(t.app);
    await createNestFor(t.app, intruder, { name: 'Theirs' });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/nests/${nest.id}`,
      cookies: intruder.cookies,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json().code).toBe('not_found');
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/nests/${nest.id}`,
      cookies: intruder.cookies,
      payload: { name: 'Hijacked' },
    });
    expect(write.statusCode).toBe(404);
    const logo = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/nests/${nest.id}/logo`,
      cookies: intruder.cookies,
    });
    expect(logo.statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: owner.cookies });
    expect(mine.json().name).toBe('Mine');
  });

  it('answers 404, not 500, for ids that are not ids', async () => {
    const merchant = await seedMerchant(t.app);
    await createNestFor(t.app, merchant);
    for (const id of ['123', "1' or '1'='1", 'ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/nests/${encodeURIComponent(id)}`,
        cookies: merchant.cookies,
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('refuses an empty update, unknown fields and bad values, writing nothing', async () => {
    const merchant = await seedMerchant(t.app);
    const nest = await createNestFor(t.app, merchant, { name: 'Steady' });
    for (const payload of [
      {},
      { slug: 'other' },
      { owner_id: merchant.user.id },
      { name: 'ok', payout: { status: 'enabled' } },
      { name: '' },
      { time_zone: 'Nowhere/Land' },
    ]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/nests/me',
        cookies: merchant.cookies,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
    expect(read.json()).toMatchObject({ name: 'Steady', slug: nest.slug, payout: { status: 'none' } });
  });

  it('answers 404 to PATCH /nests/me before onboarding', async () => {
    const merchant = await seedMerchant(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/nests/me',
      cookies: merchant.cookies,
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(404);
  });
});
