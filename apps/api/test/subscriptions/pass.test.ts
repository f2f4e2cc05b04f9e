import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestSubscriptions } from '../../src/db/schema/index.js';
import { verifyPassToken } from '../../src/modules/subscriptions/pass-verify.js';
import { customerEmail, signInCustomer, subscribedCustomer } from '../customers/support.js';
import { createTestApp, type TestApp } from '../helpers.js';

const passUrl = (id: string) => `/api/v1/nest-customers/me/subscriptions/${id}/pass`;

describe('GET /nest-customers/me/subscriptions/{id}/pass', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a fresh, verifiable pass for my own subscription, never cached', async () => {
    const mine = await subscribedCustomer(t.app, customerEmail('pass'));
    const cookies = await signInCustomer(t.app, mine.email, '10.7.0.1');
    const before = Date.now();
    const response = await t.app.inject({ method: 'GET', url: passUrl(mine.subscriptionId), cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const pass = response.json();
    expect(pass.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    const refreshAt = Date.parse(pass.refresh_at);
    const expiresAt = Date.parse(pass.expires_at);
    expect(refreshAt).toBeGreaterThan(before);
    expect(refreshAt - before).toBeLessThanOrEqual(30_000);
    expect(expiresAt - refreshAt).toBe(30_000);
    const check = verifyPassToken(t.app.config.passSecret, pass.token);
    expect(check).toMatchObject({ ok: true, subscriptionId: mine.subscriptionId });
  });

  it('answers 404 for another customer’s subscription or an unknown id, and 401 without a session', async () => {
    const mine = await subscribedCustomer(t.app, customerEmail('pass-mine'));
    const theirs = await subscribedCustomer(t.app, customerEmail('pass-theirs'));
    const cookies = await signInCustomer(t.app, mine.email, '10.7.0.2');
    for (const id of [theirs.subscriptionId, crypto.randomUUID(), 'not-a-uuid']) {
      const response = await t.app.inject({ method: 'GET', url: passUrl(id), cookies });
      expect(response.statusCode, id).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: passUrl(mine.subscriptionId) });
    expect(anonymous.statusCode).toBe(401);
    // A merchant session is not a customer session.
    const merchant = await t.app.inject({
      method: 'GET',
      url: passUrl(theirs.subscriptionId),
      cookies: theirs.merchant.cookies,
    });
    expect(merchant.statusCode).toBe(401);
  });

  it('refuses a pass once the subscription has ended (409 pass_unavailable, localized)', async () => {
    const mine = await subscribedCustomer(t.app, customerEmail('pass-ended'));
    const cookies = await signInCustomer(t.app, mine.email, '10.7.0.3');
    for (const status of ['past_due', 'trialing'] as const) {
      await t.db
        .update(nestSubscriptions)
        .set({ status })
        .where(eq(nestSubscriptions.id, mine.subscriptionId));
      const response = await t.app.inject({ method: 'GET', url: passUrl(mine.subscriptionId), cookies });
      expect(response.statusCode, status).toBe(200);
    }
    for (const status of ['canceled', 'incomplete'] as const) {
      await t.db
        .update(nestSubscriptions)
        .set({ status })
        .where(eq(nestSubscriptions.id, mine.subscriptionId));
      const response = await t.app.inject({
        method: 'GET',
        url: passUrl(mine.subscriptionId),
        cookies,
        headers: { 'accept-language': 'fr-FR' },
      });
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'pass_unavailable',
        title: 'Pas de pass pour cet abonnement',
      });
    }
  });
});
