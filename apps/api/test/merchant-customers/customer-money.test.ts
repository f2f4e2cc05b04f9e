import type { MerchantCustomerDetail } from '@nest/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestInvoices, nestTransactions, subscriptionEvents } from '../../src/db/schema/index.js';
import { accountEvents, deliverAgain } from '../checkout/support.js';
import { me, signInCustomer } from '../customers/support.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, payCheckout, sellingMerchant, startLinkCheckout } from '../links/support.js';
import { advanceClock, CARDS, submitCard } from '../payments/support.js';
import { checkoutSubscriber, customerDetail } from './support.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The customer detail's money: payments and refunds with what is left to refund, a refund recorded in
 * the history with who asked (ADR 155), cancel now with a prorated refund (ADR 156), and the emails
 * sent to the customer (ADR 157). Sandbox provider.
 */
describe('the customer detail: refunds, prorated cancellation, emails (sandbox provider)', {
  timeout: 180_000,
}, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const subscriber = (card: string = CARDS.ok) => checkoutSubscriber(t, { emailTag: 'money', card });
  type Subscriber = Awaited<ReturnType<typeof subscriber>>;

  const detail = (merchant: SignedInMerchant, customerId: string) => customerDetail(t, merchant, customerId);

  const refund = (merchant: SignedInMerchant, id: string, amount: number, lang = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${merchant.user.id}/stripe/transactions/${id}/refund`,
      cookies: merchant.cookies,
      headers: { 'accept-language': lang },
      payload: { amount_cents: amount },
    });

  const cancelNow = (s: Subscriber, refundMode?: 'none' | 'prorated') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${s.customerId}/subscriptions/${s.subscriptionId}/cancellation`,
      cookies: s.merchant.cookies,
      payload: { when: 'now', ...(refundMode ? { refund: refundMode } : {}) },
    });

  async function replayAll(ownerId: string) {
    for (const event of await accountEvents(t.app, ownerId)) {
      expect((await deliverAgain(t.app, event)).statusCode).toBe(200);
    }
    await t.app.jobs.drain();
  }

  it('lists the payment with what is left to refund; a partial refund shows once, with who asked; more is refused', async () => {
    // Another merchant's customer was refunded first: none of it counts here.
    const elsewhere = await subscriber();
    const theirPayment = (await detail(elsewhere.merchant, elsewhere.customerId)).payments[0]!;
    expect((await refund(elsewhere.merchant, theirPayment.id, 700)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await detail(elsewhere.merchant, elsewhere.customerId)).payments[1]!.refundable_cents).toBe(2200);

    const s = await subscriber();
    const before = await detail(s.merchant, s.customerId);
    expect(before.payments).toHaveLength(1);
    const payment = before.payments[0]!;
    expect(payment).toMatchObject({
      kind: 'payment',
      status: 'succeeded',
      amount_cents: 2900,
      refundable_cents: 2900,
      subscription_id: s.subscriptionId,
      offer_name: 'Café illimité',
      initiated_by: null,
    });
    expect(payment.invoice_id).toBe(before.invoices[0]!.id);

    const asked = await refund(s.merchant, payment.id, 1000);
    expect(asked.statusCode, asked.body).toBe(200);
    await t.app.jobs.drain();
    await replayAll(s.merchant.user.id);

    const after = await detail(s.merchant, s.customerId);
    expect(after.total_paid_cents).toBe(1900);
    expect(after.payments.map((p) => [p.kind, p.amount_cents, p.refundable_cents, p.initiated_by])).toEqual([
      ['refund', -1000, 0, s.merchant.user.id],
      ['payment', 2900, 1900, null],
    ]);
    const refunded = after.history.filter((e) => e.kind === 'refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({
      actor: 'merchant',
      actor_merchant_id: s.merchant.user.id,
      subscription_id: s.subscriptionId,
      offer_name: 'Café illimité',
    });

    // 19.00 € is left: 19.01 € is refused, in the caller's language; nothing is refunded.
    const tooMuch = await refund(s.merchant, payment.id, 1901, 'fr-FR');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.headers['content-type']).toContain('application/problem+json');
    expect(tooMuch.json()).toMatchObject({ code: 'refund_exceeds_payment' });
    expect(tooMuch.json().detail).toContain('19,00');
    await t.app.jobs.drain();
    expect((await detail(s.merchant, s.customerId)).payments).toHaveLength(2);

    // Another merchant cannot refund it, nor read this customer.
    const other = await subscriber();
    expect((await refund(other.merchant, payment.id, 100)).statusCode).toBe(404);
    const foreign = await t.app.inject({
      url: `/api/v1/nests/me/nest-customers/${s.customerId}`,
      cookies: other.merchant.cookies,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('cancels now with a prorated refund of the unused part of the period, by the rule of ADR 156', async () => {
    const s = await subscriber();
    // Ten days into a thirty-day period (the invoice's period, as the provider reported it).
    const start = Date.now() - 10 * DAY;
    const end = start + 30 * DAY;
    await t.db
      .update(nestInvoices)
      .set({ periodStart: new Date(start), periodEnd: new Date(end) })
      .where(eq(nestInvoices.subscriptionId, s.subscriptionId));
    const unusedAt = (at: number) => Math.floor((2900 * (end - at)) / (end - start));

    const early = Date.now();
    const shown = (await detail(s.merchant, s.customerId)).subscriptions[0]!.unused_cents!;
    expect(shown).toBeLessThanOrEqual(unusedAt(early - 1000));
    expect(shown).toBeGreaterThanOrEqual(unusedAt(Date.now() + 1000));
    // Two thirds of 29.00 €.
    expect(shown).toBeGreaterThanOrEqual(1932);
    expect(shown).toBeLessThanOrEqual(1934);

    const from = Date.now();
    const response = await cancelNow(s, 'prorated');
    const to = Date.now();
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as MerchantCustomerDetail).subscriptions[0]).toMatchObject({
      status: 'canceled',
      unused_cents: null,
    });
    await t.app.jobs.drain();
    await replayAll(s.merchant.user.id);

    const after = await detail(s.merchant, s.customerId);
    const refunds = after.payments.filter((p) => p.kind === 'refund');
    expect(refunds).toHaveLength(1);
    const given = -refunds[0]!.amount_cents;
    expect(given).toBeLessThanOrEqual(unusedAt(from - 1000));
    expect(given).toBeGreaterThanOrEqual(unusedAt(to + 1000));
    expect(refunds[0]!.initiated_by).toBe(s.merchant.user.id);
    expect(after.history.slice(0, 2).map((e) => [e.kind, e.actor])).toEqual(
      expect.arrayContaining([
        ['cancelled', 'merchant'],
        ['refunded', 'merchant'],
      ]),
    );
  });

  it('cancels now without a refund by default; a prorated refund never exceeds what is left', async () => {
    const plain = await subscriber();
    expect((await cancelNow(plain)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const rows = await t.db
      .select()
      .from(nestTransactions)
      .where(and(eq(nestTransactions.customerId, plain.customerId), eq(nestTransactions.kind, 'refund')));
    expect(rows).toHaveLength(0);

    // 25.00 € of 29.00 € already refunded: at most 4.00 € is left, whatever the unused part (and
    // another customer's refund, made first, changes nothing).
    const elsewhere = await subscriber();
    const theirPayment = (await detail(elsewhere.merchant, elsewhere.customerId)).payments[0]!;
    expect((await refund(elsewhere.merchant, theirPayment.id, 2000)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await detail(elsewhere.merchant, elsewhere.customerId)).subscriptions[0]!.unused_cents).toBe(900);
    const s = await subscriber();
    const payment = (await detail(s.merchant, s.customerId)).payments[0]!;
    expect((await refund(s.merchant, payment.id, 2500)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await detail(s.merchant, s.customerId)).subscriptions[0]!.unused_cents).toBe(400);
    expect((await cancelNow(s, 'prorated')).statusCode).toBe(200);
    await t.app.jobs.drain();
    const after = await detail(s.merchant, s.customerId);
    expect(after.payments.map((p) => p.amount_cents)).toEqual([-400, -2500, 2900]);
    expect(after.payments.at(-1)!.refundable_cents).toBe(0);
    expect(after.total_paid_cents).toBe(0);
    const lines = await t.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.customerId, s.customerId), eq(subscriptionEvents.kind, 'refunded')));
    expect(lines).toHaveLength(2);
  });

  it('lists the emails sent to the customer about this nest, and only this nest’s', async () => {
    const s = await subscriber();
    const first = await detail(s.merchant, s.customerId);
    expect(first.emails.map((e) => e.kind)).toEqual(['receipt']);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${s.customerId}/sign-in-link`,
      cookies: s.merchant.cookies,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await t.app.jobs.drain();
    expect((await detail(s.merchant, s.customerId)).emails.map((e) => e.kind)).toEqual([
      'customer-login',
      'receipt',
    ]);

    // The same person subscribes at another nest: that nest sees its own receipt only.
    const other = await sellingMerchant(t.app, { offer: { amount_cents: 1500 } });
    const link = await createLinkFor(t.app, other, other.offer.id);
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, { email: s.email });
    await payCheckout(t.app, checkout.path);
    await t.app.jobs.drain();
    const theirs = await detail(other, s.customerId);
    expect(theirs.emails.map((e) => e.kind)).toEqual(['receipt']);
    expect((await detail(s.merchant, s.customerId)).emails).toHaveLength(2);
  });
  it('shows a failed renewal and its recovery in the history, and the payment-failed email', async () => {
    const s = await subscriber(CARDS.failsAtRenewal);
    await advanceClock(t.app, s.merchant, 32);
    const failed = await detail(s.merchant, s.customerId);
    expect(failed.subscriptions[0]!.status).toBe('past_due');
    expect(failed.history.map((e) => e.kind)).toEqual(['payment_failed', 'created']);
    expect(failed.emails.map((e) => e.kind)).toEqual(['customer-payment-failed', 'receipt']);

    // The customer gives a working card from their area: the invoice is paid, the history says recovered.
    const cookies = await signInCustomer(t.app, s.email, `10.9.${Math.floor(Math.random() * 250)}.1`);
    const subscriptionId = (await me(t.app, cookies)).json().subscriptions[0].id as string;
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/external/nest-subs/${subscriptionId}/card-update-session`,
      cookies,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await submitCard(t.app, new URL(started.json().url).pathname, CARDS.ok)).statusCode).toBe(303);
    await t.app.jobs.drain();
    await replayAll(s.merchant.user.id);
    const recovered = await detail(s.merchant, s.customerId);
    expect(recovered.subscriptions[0]!.status).toBe('active');
    const kinds = recovered.history.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'recovered')).toHaveLength(1);
    expect(kinds.indexOf('recovered')).toBeLessThan(kinds.indexOf('payment_failed'));
    expect(recovered.payments.filter((p) => p.kind === 'payment')).toHaveLength(2);
    expect(recovered.emails.filter((e) => e.kind === 'receipt')).toHaveLength(2);
  });
});
