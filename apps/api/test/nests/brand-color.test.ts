import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, postCheckout, readPublicLink, sellingMerchant } from '../links/support.js';
import { createNestFor } from './support.js';

/** The colour of the nest's cover on its link page and checkout (ADR 197). */
describe('the nest’s brand colour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const patch = (cookies: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/nests/me', cookies, payload });

  it('is taken at creation and when edited, stored in lower case, and null again for Nest’s own', async () => {
    const merchant = await seedMerchant(t.app);
    const nest = await createNestFor(t.app, merchant, { brand_color: '#B45309' });
    expect(nest.brand_color).toBe('#b45309');

    const edited = await patch(merchant.cookies, { brand_color: ' #1D4ED8 ' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().brand_color).toBe('#1d4ed8');
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
    expect(read.json().brand_color).toBe('#1d4ed8');

    // Another field edited alone keeps the colour; null gives Nest's accent back.
    expect((await patch(merchant.cookies, { name: 'Renamed' })).json().brand_color).toBe('#1d4ed8');
    const reset = await patch(merchant.cookies, { brand_color: null });
    expect(reset.json().brand_color).toBeNull();
  });

  it('is null for a nest that chose none', async () => {
    const merchant = await seedMerchant(t.app);
    expect((await createNestFor(t.app, merchant)).brand_color).toBeNull();
  });

  it.each(['red', '#fff', '#12345g', '1d4ed8', '#1d4ed8ff', 'rgb(0,0,0)', ''])(
    'refuses %j with a 400 problem naming the field, and keeps the colour',
    async (value) => {
      const merchant = await seedMerchant(t.app);
      await createNestFor(t.app, merchant, { brand_color: '#0f766e' });
      const response = await patch(merchant.cookies, { brand_color: value });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().code).toBe('validation_failed');
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain('brand_color');
      const read = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
      expect(read.json().brand_color).toBe('#0f766e');
    },
  );

  it('is on the public link’s data, and the sandbox checkout leads with the nest in that colour', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    expect((await readPublicLink(t.app, link.nest_link_id)).nest.brand_color).toBeNull();
    expect((await patch(merchant.cookies, { brand_color: '#FDE68A' })).statusCode).toBe(200);
    const page = await readPublicLink(t.app, link.nest_link_id);
    expect(page.nest).toMatchObject({ name: 'Café Lumière', brand_color: '#fde68a' });

    const started = await postCheckout(t.app, link.nest_link_id, {
      email: 'visitor@example.com',
      name: 'Jeanne Dupont',
      price_version_id: page.price_version_id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const hosted = await t.app.inject({ method: 'GET', url: new URL(started.json().url).pathname });
    expect(hosted.statusCode).toBe(200);
    // A light yellow: near-black text on it (white would not reach 4.5:1).
    expect(hosted.body).toContain('style="--brand:#fde68a;--on-brand:#020617"');
    expect(hosted.body).toMatch(/<header class="cover"[^>]*>\s*<p class="cover-name">Café Lumière<\/p>/);
    expect(hosted.body).toContain('Billed by <span data-testid="merchant-name">Café Lumière SARL</span>');
    expect(hosted.body).toContain('Powered by Nest');
  });

  it('keeps the branding out of the session’s metadata the app reads back', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const page = await readPublicLink(t.app, link.nest_link_id);
    const started = await postCheckout(t.app, link.nest_link_id, {
      email: 'visitor@example.com',
      name: 'Jeanne Dupont',
      price_version_id: page.price_version_id,
    });
    const sessionId = new URL(started.json().url).pathname.split('/').pop()!;
    const session = await t.app.payments.retrieveNestCheckoutSession(merchant.accountId!, sessionId);
    expect(session!.metadata).not.toHaveProperty('sandbox_branding');
    expect(session!.metadata).toHaveProperty('nest_checkout_id');
  });
});
