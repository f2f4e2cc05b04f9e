import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionSession } from '../../src/payments/sandbox/checkout.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createOfferFor, merchantWithNest } from './support.js';

const hostile = '<script>alert("offer")</script><img src=x onerror=alert(1)>';

describe('offer names on the sandbox’s hosted pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('escapes a hostile offer name on the hosted checkout page', async () => {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant, { name: hostile });
    // What the customer checkout of the next issue will open for this offer.
    const customer = await t.app.payments.createCustomer(
      { ownerId: merchant.user.id, email: 'ada@example.com', name: 'Ada', locale: 'en-US', metadata: {} },
      { idempotencyKey: 'hosted-page-customer' },
    );
    const session = await t.db.transaction((tx) =>
      createSubscriptionSession(tx, {
        ownerId: merchant.user.id,
        customerId: customer.id,
        productName: offer.name,
        amountCents: offer.amount_cents,
        currency: 'eur',
        interval: offer.interval,
        intervalCount: offer.interval_count,
        successUrl: 'http://localhost:3000/client/app/subscriptions/success',
        cancelUrl: 'http://localhost:3000/links/404',
        metadata: {},
        subscriptionMetadata: {},
        now: new Date(),
      }),
    );
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${session.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain(
      '&lt;script&gt;alert(&quot;offer&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;',
    );
  });
});
