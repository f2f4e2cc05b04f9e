import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createNestFor, validNest } from './support.js';

describe('onboarding: creating the nest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates the nest, derives a URL-safe slug and marks the merchant onboarded', async () => {
    const merchant = await seedMerchant(t.app, { plan: 'starter' });
    expect(merchant.user.onboarded_at).toBeNull();

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests',
      cookies: merchant.cookies,
      payload: validNest({
        name: "  Café de l'Église  ",
        address: { line1: '1 place', postal_code: '69001', city: 'Lyon', country: 'fr' },
      }),
    });
    expect(response.statusCode).toBe(201);
    const nest = response.json();
    expect(nest).toMatchObject({
      name: "Café de l'Église",
      slug: 'cafe-de-l-eglise',
      category: 'cafe',
      currency: 'EUR',
      time_zone: 'Europe/Paris',
      logo_url: null,
      address: { line1: '1 place', line2: null, postal_code: '69001', city: 'Lyon', country: 'FR' },
      payout: { account_id: null, status: 'none', charges_enabled: false, payouts_enabled: false },
    });

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies: merchant.cookies });
    expect(me.json().onboarded_at).not.toBeNull();
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
    expect(again.json()).toEqual(nest);
  });

  it('refuses a second nest with 409 and leaves the first untouched', async () => {
    const merchant = await seedMerchant(t.app, { plan: 'starter' });
    const first = await createNestFor(t.app, merchant, { name: 'First' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests',
      cookies: merchant.cookies,
      payload: validNest({ name: 'Second' }),
    });
    expect(second.statusCode).toBe(409);
    expect(second.headers['content-type']).toContain('application/problem+json');
    expect(second.json().code).toBe('nest_exists');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
    expect(me.json().name).toBe(first.name);
  });

  it('makes one nest out of two simultaneous submissions', async () => {
    const merchant = await seedMerchant(t.app, { plan: 'starter' });
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/nests',
          cookies: merchant.cookies,
          payload: validNest(),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('gives the same name a different slug in another nest', async () => {
    const a = await createNestFor(t.app, await seedMerchant(t.app), { name: 'Barber Shop' });
    const b = await createNestFor(t.app, await seedMerchant(t.app), { name: 'Barber Shop' });
    expect(a.slug).not.toBe(b.slug);
    expect(b.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('uses the merchant’s time zone when the screen sends none', async () => {
    const merchant = await seedMerchant(t.app, { time_zone: 'America/Montreal' });
    const { time_zone: _tz, ...body } = validNest();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests',
      cookies: merchant.cookies,
      payload: body,
    });
    expect(response.json().time_zone).toBe('America/Montreal');
  });

  it('stores a script-looking name exactly as typed and answers it as JSON', async () => {
    const merchant = await seedMerchant(t.app);
    const name = '<script>alert("x")</script> & Co';
    const nest = await createNestFor(t.app, merchant, { name });
    expect(nest.name).toBe(name);
    expect(nest.slug).toBe('script-alert-x-script-co');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
    expect(me.headers['content-type']).toContain('application/json');
    expect(me.json().name).toBe(name);
  });

  it.each([
    ['an empty name', { name: '   ' }, 'name'],
    ['a name too long', { name: 'x'.repeat(81) }, 'name'],
    ['an unknown category', { category: 'casino' }, 'category'],
    ['a description too long', { description: 'x'.repeat(281) }, 'description'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'time_zone'],
    ['a currency other than euro', { currency: 'USD' }, 'currency'],
    [
      'a country that is not a code',
      { address: { line1: 'a', postal_code: '1', city: 'b', country: 'France' } },
      'address.country',
    ],
    [
      'an address without a city',
      { address: { line1: 'a', postal_code: '1', country: 'FR' } },
      'address.city',
    ],
  ])('refuses %s with the failing field', async (_label, overrides, field) => {
    const merchant = await seedMerchant(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests',
      cookies: merchant.cookies,
      payload: { ...validNest(), ...overrides },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies: merchant.cookies });
    expect(me.json().onboarded_at).toBeNull();
  });

  it('refuses fields the merchant may not set', async () => {
    const merchant = await seedMerchant(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests',
      cookies: merchant.cookies,
      payload: { ...validNest(), slug: 'chosen', owner_id: merchant.user.id },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['owner_id', 'slug']);
  });

  it('needs a signed-in merchant', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/nests', payload: validNest() });
    expect(response.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me' });
    expect(me.statusCode).toBe(401);
  });

  it('answers 404 for the nest of a merchant who has none yet, in French when asked', async () => {
    const merchant = await seedMerchant(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me',
      cookies: merchant.cookies,
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().title).toBe('Introuvable');
  });
});
