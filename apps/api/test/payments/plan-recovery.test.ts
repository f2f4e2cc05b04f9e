import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  advanceClock,
  advanceToRenewal,
  CARDS,
  daysFromNow,
  getPlan,
  submitCard,
  subscribe,
} from './support.js';

describe('renewals, failed renewals and recovery on the sandbox test clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const unpaid = async (merchant: Awaited<ReturnType<typeof signUpMerchant>>, subscriptionId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/internal/subscriptions/${subscriptionId}/invoices/unpaid`,
      cookies: merchant.cookies,
    });
  const retry = async (
    merchant: Awaited<ReturnType<typeof signUpMerchant>>,
    subscriptionId: string,
    payload: Record<string, unknown> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/internal/subscriptions/${subscriptionId}/invoices/retry`,
      cookies: merchant.cookies,
      payload,
    });

  it('renews a 4242 plan a month later: paid through the next month, a second receipt', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'starter', CARDS.ok);
    // To the renewal, however long the month: subscribed on a 31st, it renews on the 28th (or 29th,
    // 30th) of the next month, like Stripe's billing anchor.
    const clock = await advanceToRenewal(t.app, merchant);
    expect(clock).toMatchObject({ renewed: 1, failed_payments: 0 });
    expect(clock.offset_days).toBeGreaterThanOrEqual(28);
    const renewed = await getPlan(t.app, merchant);
    expect(renewed.status).toBe('active');
    // A month has passed for this merchant (the app sees its dates shifted back by the clock's
    // offset): paid through about a month from now again, the renewal invoice dated about now.
    expect(daysFromNow(renewed.next_payment_at)).toBeGreaterThan(26);
    const invoices = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${merchant.user.id}/plan/invoices`,
      cookies: merchant.cookies,
    });
    const [latest, original] = invoices.json().invoices;
    expect(latest).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid_cents: 1900,
    });
    expect(original).toMatchObject({ billing_reason: 'subscription_create' });
    expect(Math.abs(daysFromNow(latest.period_start))).toBeLessThan(1.5);
    const mail = await readMail(t.app, merchant.user.email);
    expect(mail.filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(2);
  });

  it('renews every month of a long advance, each invoice paid once', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'pro', CARDS.ok);
    const clock = await advanceClock(t.app, merchant, 365);
    expect(clock.renewed).toBe(12);
    const invoices = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${merchant.user.id}/plan/invoices`,
      cookies: merchant.cookies,
    });
    const list = invoices.json().invoices as { status: string; amount_paid_cents: number }[];
    expect(list).toHaveLength(13);
    expect(list.every((i) => i.status === 'paid' && i.amount_paid_cents === 4900)).toBe(true);
    expect((await getPlan(t.app, merchant)).status).toBe('active');
  });

  it('with 4000 0000 0000 0341 the renewal fails: paid-through date in the past, an email, then recovery with a new card', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'starter', CARDS.failsAtRenewal);
    expect((await getPlan(t.app, merchant)).status).toBe('active');

    const clock = await advanceToRenewal(t.app, merchant);
    expect(clock).toMatchObject({ renewed: 1, failed_payments: 1 });
    const failed = await getPlan(t.app, merchant);
    expect(failed).toMatchObject({ status: 'past_due', has_unpaid_invoices: true });
    expect(new Date(failed.next_payment_at).getTime()).toBeLessThan(Date.now());

    const list = await unpaid(merchant, failed.subscription_id);
    expect(list.statusCode).toBe(200);
    expect(list.json().invoices).toEqual([
      expect.objectContaining({
        status: 'open',
        billing_reason: 'subscription_cycle',
        amount_due_cents: 1900,
        attempt_count: 1,
        last_failure_code: 'card_declined',
      }),
    ]);
    const mail = await readMail(t.app, merchant.user.email);
    const warning = mail.filter((m) => m.subject === 'Your Nest Starter plan could not be renewed');
    expect(warning).toHaveLength(1);
    expect(warning[0]!.text).toContain('http://localhost:3000/admin/onboarding/payment/recover');

    // The same card fails again, and says so.
    const again = await retry(merchant, failed.subscription_id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'failed', failure_code: 'card_declined' });
    expect(again.json().invoices).toHaveLength(1);

    // Another card, on the hosted page.
    const withCard = await retry(merchant, failed.subscription_id, { update_card: true });
    expect(withCard.json()).toMatchObject({ status: 'action_required' });
    const path = new URL(withCard.json().url).pathname;
    expect(path).toMatch(/^\/sandbox\/pay\/cs_test_/);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Use another card for Nest Starter');
    expect(page.body).toContain('€19.00');
    const paid = await submitCard(t.app, path, CARDS.ok);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(
      /^http:\/\/localhost:3000\/admin\/onboarding\/payment\/recover\?session_id=cs_test_/,
    );
    const recovered = await getPlan(t.app, merchant);
    expect(recovered).toMatchObject({ status: 'active', has_unpaid_invoices: false });
    expect(new Date(recovered.next_payment_at).getTime()).toBeGreaterThan(Date.now());
    expect((await unpaid(merchant, failed.subscription_id)).json().invoices).toEqual([]);

    // The new card renews next month.
    expect(await advanceToRenewal(t.app, merchant)).toMatchObject({ renewed: 1, failed_payments: 0 });
    expect((await getPlan(t.app, merchant)).status).toBe('active');
  });

  it('retries on the dunning schedule (days 1, 3, 5), then leaves the plan unpaid; a retry with a good card brings it back', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'starter', CARDS.failsAtRenewal);
    await advanceToRenewal(t.app, merchant);
    const plan = await getPlan(t.app, merchant);
    const first = (await unpaid(merchant, plan.subscription_id)).json().invoices[0];
    expect(daysFromNow(first.next_payment_attempt_at)).toBeGreaterThan(-1);
    expect(daysFromNow(first.next_payment_attempt_at)).toBeLessThan(1.01);

    expect(await advanceClock(t.app, merchant, 2)).toMatchObject({ retried: 1, failed_payments: 1 });
    expect((await unpaid(merchant, plan.subscription_id)).json().invoices[0].attempt_count).toBe(2);
    expect(await advanceClock(t.app, merchant, 10)).toMatchObject({ retried: 2, failed_payments: 2 });
    const exhausted = await getPlan(t.app, merchant);
    expect(exhausted.status).toBe('unpaid');
    const invoice = (await unpaid(merchant, plan.subscription_id)).json().invoices[0];
    expect(invoice).toMatchObject({ attempt_count: 4, next_payment_attempt_at: null });
    expect(await advanceClock(t.app, merchant, 10)).toMatchObject({ retried: 0, renewed: 0 });
    const mail = await readMail(t.app, merchant.user.email);
    expect(mail.filter((m) => m.subject.includes('could not be renewed'))).toHaveLength(1);

    const withCard = await retry(merchant, plan.subscription_id, { update_card: true });
    const path = new URL(withCard.json().url).pathname;
    expect((await submitCard(t.app, path, CARDS.ok)).statusCode).toBe(303);
    const back = await getPlan(t.app, merchant);
    expect(back.status).toBe('active');
    expect(new Date(back.next_payment_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('a declined new card leaves the invoice unpaid and the page says why', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'starter', CARDS.failsAtRenewal);
    await advanceToRenewal(t.app, merchant);
    const plan = await getPlan(t.app, merchant);
    const withCard = await retry(merchant, plan.subscription_id, { update_card: true });
    const path = new URL(withCard.json().url).pathname;
    const declined = await submitCard(t.app, path, CARDS.insufficientFunds);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('insufficient funds');
    expect((await getPlan(t.app, merchant)).status).toBe('past_due');
  });

  it('answers 409 when nothing is unpaid, and 404 for another merchant’s subscription or id', async () => {
    const owner = await signUpMerchant(t.app);
    const stranger = await signUpMerchant(t.app);
    await subscribe(t.app, owner);
    const plan = await getPlan(t.app, owner);
    const nothing = await retry(owner, plan.subscription_id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('no_unpaid_invoice');

    expect((await unpaid(stranger, plan.subscription_id)).statusCode).toBe(404);
    expect((await retry(stranger, plan.subscription_id, { update_card: true })).statusCode).toBe(404);
    expect((await unpaid(stranger, 'not-a-uuid')).statusCode).toBe(404);
    for (const url of [
      `/api/v1/users/${owner.user.id}/get-plan`,
      `/api/v1/users/${owner.user.id}/plan/invoices`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, cookies: stranger.cookies });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    for (const action of ['checkout', 'change', 'cancel', 'resume']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${owner.user.id}/plan/${action}`,
        cookies: stranger.cookies,
        payload: action === 'checkout' || action === 'change' ? { plan: 'pro' } : undefined,
      });
      expect(response.statusCode).toBe(404);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/users/${owner.user.id}/get-plan` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('advancing one merchant’s clock moves only their own subscriptions', async () => {
    const mover = await signUpMerchant(t.app);
    const bystander = await signUpMerchant(t.app);
    await subscribe(t.app, mover, 'starter', CARDS.failsAtRenewal);
    await subscribe(t.app, bystander, 'starter', CARDS.failsAtRenewal);
    const before = await getPlan(t.app, bystander);
    await advanceToRenewal(t.app, mover);
    expect((await getPlan(t.app, mover)).status).toBe('past_due');
    expect(await getPlan(t.app, bystander)).toEqual(before);
  });

  it('bounds the advance to 1–400 whole days', async () => {
    const merchant = await signUpMerchant(t.app);
    for (const days of [0, 401, 1.5, -3]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sandbox/clock/advance',
        cookies: merchant.cookies,
        payload: { days },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/clock/advance',
      payload: { days: 3 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
