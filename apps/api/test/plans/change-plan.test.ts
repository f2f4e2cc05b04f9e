import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail, type SignedInMerchant, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { advanceToRenewal, CARDS, getPlan, startCheckout, subscribe } from '../payments/support.js';

describe('changing and cancelling the merchant’s plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (merchant: SignedInMerchant, action: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${merchant.user.id}/plan/${action}`,
      cookies: merchant.cookies,
      ...(payload ? { payload } : {}),
    });
  const invoicesOf = async (merchant: SignedInMerchant) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/users/${merchant.user.id}/plan/invoices`,
        cookies: merchant.cookies,
      })
    ).json().invoices as {
      billing_reason: string;
      amount_paid_cents: number;
      status: string;
      plan: string;
    }[];

  it('lists the three plans with their configured monthly prices, publicly', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect(response.statusCode).toBe(200);
    expect(response.json().plans).toEqual([
      expect.objectContaining({
        id: 'starter',
        price_cents: 1900,
        currency: 'eur',
        interval: 'month',
        support: 'basic',
        revenue_limit_cents: 250_000,
      }),
      expect.objectContaining({
        id: 'pro',
        price_cents: 4900,
        support: 'premium',
        revenue_limit_cents: 1_000_000,
      }),
      expect.objectContaining({
        id: 'enterprise',
        price_cents: 14900,
        support: 'vip',
        revenue_limit_cents: null,
      }),
    ]);
    expect(response.json().plans[2].features).toContain('api_access');
  });

  it('upgrades at once with a prorated invoice charged now, and says so by email', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'starter');
    const response = await post(merchant, 'change', { plan: 'pro' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      effective: 'now',
      plan_state: {
        plan: 'pro',
        status: 'active',
        pending_plan: null,
        support: 'premium',
        revenue_limit_cents: 1_000_000,
      },
    });
    expect(response.json().plan_state.features).toContain('events');
    const proration = (await invoicesOf(merchant)).find((i) => i.billing_reason === 'subscription_update');
    // Almost the whole month is left: close to the 30.00 € difference, and never more.
    expect(proration).toMatchObject({ status: 'paid', plan: 'pro' });
    expect(proration!.amount_paid_cents).toBeGreaterThan(2900);
    expect(proration!.amount_paid_cents).toBeLessThanOrEqual(3000);
    expect(Number.isInteger(proration!.amount_paid_cents)).toBe(true);
    const mail = await readMail(t.app, merchant.user.email);
    expect(mail.filter((m) => m.subject === 'Your plan: Nest Pro')).toHaveLength(1);
    expect(mail.filter((m) => m.subject === 'Receipt for your Nest Pro plan')).toHaveLength(1);
  });

  it('an upgrade declined by the card changes nothing and says why', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'starter', CARDS.failsAtRenewal);
    const response = await post(merchant, 'change', { plan: 'enterprise' });
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe('card_declined');
    expect(await getPlan(t.app, merchant)).toMatchObject({ plan: 'starter', status: 'active' });
    expect((await invoicesOf(merchant)).map((i) => i.billing_reason)).toEqual(['subscription_create']);
  });

  it('downgrades at the end of the period: the merchant keeps Pro until the renewal, then pays Starter', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'pro');
    const response = await post(merchant, 'change', { plan: 'starter' });
    expect(response.json()).toMatchObject({
      effective: 'period_end',
      plan_state: { plan: 'pro', pending_plan: 'starter' },
    });
    const mail = await readMail(t.app, merchant.user.email);
    const notice = mail.find((m) => m.subject === 'Your plan: Nest Starter');
    expect(notice?.text).toContain('Until then you keep Nest Pro.');

    await advanceToRenewal(t.app, merchant);
    expect(await getPlan(t.app, merchant)).toMatchObject({
      plan: 'starter',
      pending_plan: null,
      status: 'active',
    });
    const renewal = (await invoicesOf(merchant)).find((i) => i.billing_reason === 'subscription_cycle');
    expect(renewal).toMatchObject({ amount_paid_cents: 1900, status: 'paid' });
    // The downgrade was announced once, when it was chosen.
    const after = await readMail(t.app, merchant.user.email);
    expect(after.filter((m) => m.subject === 'Your plan: Nest Starter')).toHaveLength(1);
  });

  it('choosing the current plan again takes back a pending downgrade', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'enterprise');
    await post(merchant, 'change', { plan: 'pro' });
    const back = await post(merchant, 'change', { plan: 'enterprise' });
    expect(back.json().plan_state).toMatchObject({ plan: 'enterprise', pending_plan: null });
    await advanceToRenewal(t.app, merchant);
    expect((await getPlan(t.app, merchant)).plan).toBe('enterprise');
  });

  it('cancels at period end, can resume, and a cancelled plan ends at the renewal', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'starter');
    const cancelled = await post(merchant, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const mail = await readMail(t.app, merchant.user.email);
    expect(mail.filter((m) => m.subject === 'Your Nest Starter plan is cancelled')).toHaveLength(1);

    expect((await post(merchant, 'resume')).json()).toMatchObject({ cancel_at_period_end: false });
    expect((await post(merchant, 'cancel')).json()).toMatchObject({ cancel_at_period_end: true });

    const clock = await advanceToRenewal(t.app, merchant);
    expect(clock).toMatchObject({ canceled: 1, renewed: 0 });
    const ended = await getPlan(t.app, merchant);
    expect(ended).toMatchObject({ status: 'canceled', next_payment_at: null, features: [] });
    // No more charges, and a new plan can be chosen.
    expect(
      (await invoicesOf(merchant)).filter((i) => i.billing_reason === 'subscription_cycle'),
    ).toHaveLength(0);
    expect((await post(merchant, 'resume')).statusCode).toBe(409);
    const again = await startCheckout(t.app, merchant, 'pro');
    expect(again.path).toMatch(/^\/sandbox\/checkout\//);
  });

  it('a merchant with no plan cannot change or cancel one', async () => {
    const merchant = await signUpMerchant(t.app);
    for (const [action, payload] of [
      ['change', { plan: 'pro' }],
      ['cancel', undefined],
    ] as const) {
      const response = await post(merchant, action, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('plan_missing');
    }
    expect(await getPlan(t.app, merchant)).toMatchObject({ subscription_id: null, plan: null, features: [] });
  });

  it('a past-due plan must be paid before it changes', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'starter', CARDS.failsAtRenewal);
    await advanceToRenewal(t.app, merchant);
    const response = await post(merchant, 'change', { plan: 'pro' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('plan_not_active');
  });

  it('refuses an unknown plan with the failing field', async () => {
    const merchant = await signUpMerchant(t.app);
    const response = await post(merchant, 'checkout', { plan: 'platinum' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('plan');
  });
});
