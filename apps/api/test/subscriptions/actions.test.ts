import { CUSTOMER_COOKIE } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestSubscriptions, sandboxCustomers, sandboxSubscriptions } from '../../src/db/schema/index.js';
import { customerEmail, me, signInCustomer } from '../customers/support.js';
import { readMail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, payCheckout, sellingMerchant, startLinkCheckout } from '../links/support.js';
import { advanceClock, CARDS } from '../payments/support.js';

describe('customer subscription actions (sandbox provider)', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A customer who subscribed through a link and paid with the given card, signed in. */
  async function subscriber(card: string = CARDS.ok, locale: 'en-US' | 'fr-FR' = 'en-US') {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const email = customerEmail('sub');
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, { email, locale });
    await payCheckout(t.app, checkout.path, card);
    const cookies = await signInCustomer(t.app, email, `10.7.${Math.floor(Math.random() * 250)}.1`);
    const body = (await me(t.app, cookies)).json();
    expect(body.subscriptions).toHaveLength(1);
    return { merchant, email, cookies, subscriptionId: body.subscriptions[0].id as string };
  }

  const post = (url: string, cookies: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, cookies, ...(payload ? { payload } : {}) });

  it('cancels at period end at the provider, emails a confirmation once, and resumes', async () => {
    const { email, cookies, subscriptionId } = await subscriber(CARDS.ok, 'fr-FR');
    const cancelled = await post(`/api/v1/nest-customers/me/subscriptions/${subscriptionId}/cancel`, cookies);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      id: subscriptionId,
      status: 'active',
      cancel_at_period_end: true,
      next_payment_at: null,
    });
    const [row] = await t.db.select().from(nestSubscriptions).where(eq(nestSubscriptions.id, subscriptionId));
    const [atProvider] = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, row!.providerSubscriptionId!));
    expect(atProvider!.cancelAtPeriodEnd).toBe(true);
    // Cancelling again changes nothing and sends nothing more.
    expect(
      (await post(`/api/v1/nest-customers/me/subscriptions/${subscriptionId}/cancel`, cookies)).statusCode,
    ).toBe(200);
    const mails = (await readMail(t.app, email)).filter((m) => m.subject.includes('résilié'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/client/app/overview');

    const resumed = await post(`/api/v1/nest-customers/me/subscriptions/${subscriptionId}/resume`, cookies);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ cancel_at_period_end: false, status: 'active' });
    expect(resumed.json().next_payment_at).not.toBeNull();
  });

  it('refuses actions on another customer’s subscription with a 404, and without a session with a 401', async () => {
    const a = await subscriber();
    const b = await subscriber();
    for (const url of [
      `/api/v1/nest-customers/me/subscriptions/${b.subscriptionId}/cancel`,
      `/api/v1/nest-customers/me/subscriptions/${b.subscriptionId}/resume`,
      `/api/v1/payments/external/nest-subs/${b.subscriptionId}/invoices/retry`,
    ]) {
      const response = await post(url, a.cookies, url.endsWith('retry') ? {} : undefined);
      expect(response.statusCode, url).toBe(404);
    }
    const [row] = await t.db
      .select()
      .from(nestSubscriptions)
      .where(eq(nestSubscriptions.id, b.subscriptionId));
    expect(row!.cancelAtPeriodEnd).toBe(false);
    expect(
      (await post(`/api/v1/nest-customers/me/subscriptions/${a.subscriptionId}/cancel`, {})).statusCode,
    ).toBe(401);
  });

  it('answers 409 when there is nothing to pay', async () => {
    const { cookies, subscriptionId } = await subscriber();
    const response = await post(
      `/api/v1/payments/external/nest-subs/${subscriptionId}/invoices/retry`,
      cookies,
      {},
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('no_unpaid_invoice');
  });

  it('retries a failed renewal: declined again, then paid once the card works, and the subscription is active again', async () => {
    const { merchant, email, cookies, subscriptionId } = await subscriber(CARDS.failsAtRenewal);
    await advanceClock(t.app, merchant, 32);
    const overdue = (await me(t.app, cookies)).json().subscriptions[0];
    expect(overdue.status).toBe('past_due');
    expect(overdue.unpaid_amount_cents).toBe(2900);
    const unpaid = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/external/nest-subs/${subscriptionId}/invoices/unpaid`,
      cookies,
    });
    expect(unpaid.json().invoices).toHaveLength(1);

    // The failed renewal was emailed, with a link to the pay-now step of this subscription.
    const failedMail = (await readMail(t.app, email)).filter((m) => m.subject.includes('did not go through'));
    expect(failedMail).toHaveLength(1);
    expect(failedMail[0]!.text).toContain(`/client/app/overview?pay=${subscriptionId}`);

    const declined = await post(
      `/api/v1/payments/external/nest-subs/${subscriptionId}/invoices/retry`,
      cookies,
      {},
    );
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'failed', reason: 'card_declined' });
    expect(declined.json().subscription.status).toBe('past_due');

    // The customer's bank now accepts the card (as after calling them): the next retry pays.
    const [row] = await t.db.select().from(nestSubscriptions).where(eq(nestSubscriptions.id, subscriptionId));
    await t.db
      .update(sandboxCustomers)
      .set({ cardBehavior: 'succeeds' })
      .where(eq(sandboxCustomers.id, row!.providerCustomerId!));
    const paid = await post(
      `/api/v1/payments/external/nest-subs/${subscriptionId}/invoices/retry`,
      cookies,
      {},
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', reason: null, invoices: [] });
    expect(paid.json().subscription).toMatchObject({ status: 'active', unpaid_amount_cents: 0 });
    expect(cookies[CUSTOMER_COOKIE]).toBeTruthy();
  });
});
