import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, nestCheckouts } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/errors.js';
import { codeLookupOf } from '../../src/modules/subscriptions/pass-format.js';
import { codeLookupsOf, verifyPassToken } from '../../src/modules/subscriptions/pass-verify.js';
import { uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  createLinkFor,
  payCheckout,
  sellingMerchant,
  startLinkCheckout,
  subscribeThroughLink,
} from '../links/support.js';
import { accountEvents, nestState } from './support.js';

describe('the success page’s API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const view = (sessionId: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/public/checkout-sessions/${encodeURIComponent(sessionId)}` });

  it('is pending until paid, then shows this subscription and a pass that verifies to it', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { name: 'Café du matin' } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, {
      email: uniqueEmail('camille'),
      name: 'Camille  Martin',
    });

    const pending = await view(checkout.sessionId);
    expect(pending.statusCode).toBe(200);
    expect(pending.headers['cache-control']).toBe('no-store');
    expect(pending.json()).toEqual({
      status: 'pending',
      nest: { name: 'Café Lumière' },
      offer: { name: 'Café du matin' },
      customer: { first_name: 'Camille' },
      subscription: null,
      pass: null,
    });

    await payCheckout(t.app, checkout.path);
    const complete = await view(checkout.sessionId);
    const body = complete.json();
    const [subscription] = (await nestState(t.app, merchant.offer.nest_id)).subscriptions;
    expect(body).toMatchObject({
      status: 'complete',
      subscription: { id: subscription!.id, status: 'active' },
      pass: { token: expect.any(String), code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/) },
    });
    const refreshAt = new Date(body.pass.refresh_at).getTime();
    const expiresAt = new Date(body.pass.expires_at).getTime();
    expect(expiresAt - refreshAt).toBe(30_000);
    expect(refreshAt).toBeGreaterThan(Date.now() - 1000);
    expect(verifyPassToken(t.app.config.passSecret, body.pass.token)).toMatchObject({
      ok: true,
      subscriptionId: subscription!.id,
    });
    expect(codeLookupsOf(t.app.config.passSecret, body.pass.code)).toContain(codeLookupOf(subscription!.id));
  });

  it('never shows the email’s other subscriptions to whoever holds one session', async () => {
    const email = uniqueEmail('shared');
    const first = await sellingMerchant(t.app);
    const second = await sellingMerchant(t.app, { offer: { name: 'Yoga illimité' } });
    const a = await createLinkFor(t.app, first, first.offer.id);
    const b = await createLinkFor(t.app, second, second.offer.id);
    await subscribeThroughLink(t.app, a.nest_link_id, { email, name: 'Alex Doe' });
    const other = await subscribeThroughLink(t.app, b.nest_link_id, { email, name: 'Alex Doe' });
    const [earlier] = (await nestState(t.app, first.offer.nest_id)).subscriptions;

    const response = await view(other.sessionId);
    const text = response.body;
    expect(response.json().offer.name).toBe('Yoga illimité');
    expect(text).not.toContain(earlier!.id);
    expect(text).not.toContain(first.offer.name);
    expect(text).not.toContain(email);
    expect(Object.keys(response.json()).sort()).toEqual([
      'customer',
      'nest',
      'offer',
      'pass',
      'status',
      'subscription',
    ]);
  });

  it('asks the provider when the buyer is back before the webhook, and the late webhook changes nothing', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, { email: uniqueEmail('early') });
    // Webhook deliveries fail while the buyer pays: nothing reaches us.
    const refuse = vi.spyOn(t.app.payments, 'verifyWebhook').mockImplementation(() => {
      throw new AppError('service_unavailable', { status: 503 });
    });
    await payCheckout(t.app, checkout.path);
    expect((await nestState(t.app, merchant.offer.nest_id)).subscriptions).toHaveLength(0);

    const complete = await view(checkout.sessionId);
    expect(complete.json()).toMatchObject({ status: 'complete', subscription: { status: 'active' } });
    refuse.mockRestore();

    // The deliveries are retried later; they find everything already done.
    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'pending'));
    await t.app.jobs.drain();
    const events = await accountEvents(t.app, merchant.user.id);
    expect(events.every((event) => event.deliveredAt !== null)).toBe(true);
    const state = await nestState(t.app, merchant.offer.nest_id);
    expect(state.subscriptions).toHaveLength(1);
    expect(state.payments).toHaveLength(1);
    expect(state.links[0]).toMatchObject({ subscriptionsWon: 1 });
  });

  it('is not found for an unknown session, and after a day', async () => {
    expect((await view('cs_test_unknown')).statusCode).toBe(404);
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const journey = await subscribeThroughLink(t.app, link.nest_link_id, { email: uniqueEmail('old') });
    await t.db
      .update(nestCheckouts)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(nestCheckouts.providerSessionId, journey.sessionId));
    const old = await view(journey.sessionId);
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('not_found');
  });
});
