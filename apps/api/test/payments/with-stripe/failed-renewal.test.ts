import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readMail, signUpMerchant } from '../../fixtures/merchants.js';
import type { TestApp } from '../../helpers.js';
import { type FakeStripe, stripeObjects } from '../fake-stripe.js';
import { getPlan } from '../support.js';
import { day, startStripeApp, stripeHelpers } from './support.js';

describe('with Stripe as the provider', () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    ({ fake, t } = await startStripeApp());
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());
  const { postStripeEvent, serveSubscription } = stripeHelpers(() => ({ fake, t }));

  it('an invoice.payment_failed that arrives before anything else is enough: the plan is past due, paid through the period start', async () => {
    const merchant = await signUpMerchant(t.app);
    const renewalStart = new Date(Date.now() - day);
    const renewalEnd = new Date(renewalStart.getTime() + 30 * day);
    const failed = stripeObjects.invoice({
      id: 'in_A2',
      customer: 'cus_A',
      subscription: 'sub_A',
      status: 'open',
      amount: 4900,
      billingReason: 'subscription_cycle',
      periodStart: renewalStart,
      periodEnd: renewalEnd,
      attemptCount: 1,
      nextAttempt: new Date(Date.now() + 2 * day),
      declineCode: 'insufficient_funds',
    });
    fake.on('GET', '/v1/invoices/in_A2', { body: failed });
    serveSubscription(merchant, 'past_due', failed, renewalStart, renewalEnd);
    const response = await postStripeEvent('invoice.payment_failed', { id: 'in_A2', object: 'invoice' });
    expect(response.statusCode).toBe(200);
    const plan = await getPlan(t.app, merchant);
    expect(plan).toMatchObject({ status: 'past_due', has_unpaid_invoices: true });
    expect(new Date(plan.next_payment_at).getTime()).toBeLessThan(Date.now());
    const unpaid = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/internal/subscriptions/${plan.subscription_id}/invoices/unpaid`,
      cookies: merchant.cookies,
    });
    expect(unpaid.json().invoices).toEqual([
      expect.objectContaining({
        provider_invoice_id: 'in_A2',
        last_failure_code: 'insufficient_funds',
        attempt_count: 1,
      }),
    ]);
    const mail = await readMail(t.app, merchant.user.email);
    const warning = mail.find((m) => m.subject === 'Your Nest Pro plan could not be renewed');
    expect(warning?.text).toContain('insufficient funds');
  });
});
