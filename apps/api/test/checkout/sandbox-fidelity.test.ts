import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaymentAttempts } from '../../src/db/schema/index.js';
import { settleIntoPayout } from '../../src/payments/sandbox/money.js';
import { readMail, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, payCheckout, sellingMerchant, startLinkCheckout } from '../links/support.js';
import { advanceClock, CARDS } from '../payments/support.js';
import { nestState } from './support.js';

describe('customer subscriptions in the sandbox: trials and the platform fee', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function trialSubscriber(card: string) {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 1500, trial_days: 14 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    const email = uniqueEmail('trial');
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, { email });
    // The hosted page says what the trial means before the card is entered.
    const page = await t.app.inject({ url: checkout.path });
    expect(page.body).toContain('14 days free, then €15.00 per month. Nothing is charged today.');
    expect(page.body).toContain('Start the free trial');
    await payCheckout(t.app, checkout.path, card);
    const state = () => nestState(t.app, merchant.offer.nest_id);
    const receipts = async () => (await readMail(t.app, email)).filter((m) => /receipt/i.test(m.subject));
    return { merchant, email, checkout, state, receipts };
  }

  it('starts trialing without a charge, holds its place, and charges the first period when the trial ends', async () => {
    const { merchant, checkout, state, receipts } = await trialSubscriber(CARDS.ok);
    const during = await state();
    expect(during.subscriptions).toHaveLength(1);
    const subscription = during.subscriptions[0]!;
    expect(subscription.status).toBe('trialing');
    const trialDays =
      (subscription.currentPeriodEnd!.getTime() - subscription.currentPeriodStart!.getTime()) / 86_400_000;
    expect(trialDays).toBeCloseTo(14, 1);
    expect(during.invoices.map((i) => [i.billingReason, i.status, i.amountPaidCents])).toEqual([
      ['subscription_create', 'paid', 0],
    ]);
    expect(during.payments).toEqual([]);
    expect(await receipts()).toEqual([]);
    // The checkout is complete: the trial holds a place and the success page shows the pass.
    expect(during.checkouts[0]!.completedAt).not.toBeNull();
    const success = await t.app.inject({ url: `/api/v1/public/checkout-sessions/${checkout.sessionId}` });
    expect(success.json()).toMatchObject({ status: 'complete', subscription: { status: 'trialing' } });
    expect(success.json().pass).not.toBeNull();

    await advanceClock(t.app, merchant, 15);
    const after = await state();
    expect(after.subscriptions[0]!.status).toBe('active');
    expect(after.payments.map((p) => p.amountCents)).toEqual([1500]);
    expect(await receipts()).toHaveLength(1);
  });

  it('keeps the platform’s fee out of what the merchant’s account is paid out, as Stripe does', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 2500 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, { email: uniqueEmail('fee') });
    await payCheckout(t.app, checkout.path, CARDS.ok);
    const [attempt] = await t.db
      .select()
      .from(sandboxPaymentAttempts)
      .where(eq(sandboxPaymentAttempts.accountId, merchant.accountId!));
    // 2 % of 25.00 € (the platform fee of these tests), the same figure our payment record shows.
    expect(attempt).toMatchObject({ amountCents: 2500, applicationFeeCents: 50, status: 'succeeded' });
    const recorded = (await nestState(t.app, merchant.offer.nest_id)).payments[0]!;
    expect(recorded).toMatchObject({ feeCents: 50, netCents: 2450 });
    expect((await settleIntoPayout(t.db, merchant.accountId!, new Date())).netCents).toBe(2450);
  });

  it('turns past due when the first charge after the trial is declined', async () => {
    const { merchant, state } = await trialSubscriber(CARDS.failsAtRenewal);
    expect((await state()).subscriptions[0]!.status).toBe('trialing');
    await advanceClock(t.app, merchant, 15);
    const after = await state();
    expect(after.subscriptions[0]!.status).toBe('past_due');
    expect(after.payments).toEqual([]);
  });
});
