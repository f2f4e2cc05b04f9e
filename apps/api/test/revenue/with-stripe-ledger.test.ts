import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nestTransactions, payoutAccounts } from '../../src/db/schema/index.js';
import { type SignedInMerchant, seedMerchant } from '../fixtures/merchants.js';
import type { TestApp } from '../helpers.js';
import { createNestFor } from '../nests/support.js';
import { type FakeStripe, stripeError } from '../payments/fake-stripe.js';
import { startStripeApp, stripeHelpers } from '../payments/with-stripe/support.js';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const created = unix(new Date(Date.now() - 60_000));

describe('the ledger with Stripe: charges, refunds, payouts and disputes on the connected account', () => {
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
  const { postStripeEvent } = stripeHelpers(() => ({ fake, t }));

  async function stripeMerchant(account: string) {
    const merchant = await seedMerchant(t.app, { plan: 'starter', onboarded: true });
    const nest = await createNestFor(t.app, merchant);
    await t.db.insert(payoutAccounts).values({
      userId: merchant.user.id,
      provider: 'stripe',
      providerAccountId: account,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    return { merchant, nestId: nest.id };
  }

  const ledger = (nestId: string) =>
    t.db
      .select()
      .from(nestTransactions)
      .where(eq(nestTransactions.nestId, nestId))
      .orderBy(asc(nestTransactions.kind), asc(nestTransactions.providerObjectId));

  const refundObject = (id: string, amount: number, metadata: Record<string, string> = {}) => ({
    id,
    object: 'refund',
    amount,
    currency: 'eur',
    status: 'succeeded',
    reason: 'requested_by_customer',
    payment_intent: 'pi_1',
    charge: 'ch_1',
    metadata,
    created,
  });

  /** pi_1: 25.00 € paid, 0.50 € platform fee, 0.60 € Stripe fee, with the refunds given. */
  function servePayment(refunds: unknown[]) {
    fake.on('GET', '/v1/charges/ch_1', { body: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1' } });
    fake.on('GET', '/v1/payment_intents/pi_1', {
      body: {
        id: 'pi_1',
        object: 'payment_intent',
        status: 'succeeded',
        amount: 2500,
        amount_received: 2500,
        application_fee_amount: 50,
        currency: 'eur',
        created,
        latest_charge: {
          id: 'ch_1',
          object: 'charge',
          payment_intent: 'pi_1',
          balance_transaction: {
            id: 'txn_1',
            object: 'balance_transaction',
            fee: 110,
            fee_details: [
              { type: 'stripe_fee', amount: 60, currency: 'eur' },
              { type: 'application_fee', amount: 50, currency: 'eur' },
            ],
          },
          refunds: { object: 'list', data: refunds, has_more: false },
        },
      },
    });
    fake.on('GET', '/v1/invoice_payments', { body: { object: 'list', data: [], has_more: false } });
  }

  it('charge.refunded, charge.dispute.* and payout.* make exactly their rows, whatever the order and repeats', async () => {
    const { nestId } = await stripeMerchant('acct_L1');
    // A dispute first, before anything about its payment: a row of its own, its customer unknown.
    const dispute = (status: string, reinstated: boolean) => ({
      id: 'dp_1',
      object: 'dispute',
      amount: 2500,
      currency: 'eur',
      status,
      reason: 'fraudulent',
      payment_intent: 'pi_1',
      charge: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1' },
      balance_transactions: [
        { id: 'txn_d1', object: 'balance_transaction', amount: -2500 },
        ...(reinstated ? [{ id: 'txn_d2', object: 'balance_transaction', amount: 2500 }] : []),
      ],
      created,
    });
    fake.on('GET', '/v1/disputes/dp_1', { body: dispute('needs_response', false) });
    const opened = await postStripeEvent(
      'charge.dispute.created',
      { id: 'dp_1', object: 'dispute' },
      { account: 'acct_L1', id: 'evt_dispute_1' },
    );
    expect(opened.json()).toEqual({ received: true, duplicate: false });
    const again = await postStripeEvent(
      'charge.dispute.created',
      { id: 'dp_1', object: 'dispute' },
      { account: 'acct_L1', id: 'evt_dispute_1' },
    );
    expect(again.json()).toEqual({ received: true, duplicate: true });
    // Read on the connected account.
    expect(fake.sent('GET', '/v1/disputes/dp_1')[0]!.headers['stripe-account']).toBe('acct_L1');

    // A refund, then the same charge reported twice more (charge.updated, charge.refunded again).
    servePayment([refundObject('re_1', 1000)]);
    for (const [type, id] of [
      ['charge.refunded', 'evt_r1'],
      ['charge.updated', 'evt_r2'],
      ['charge.refunded', 'evt_r1'],
    ] as const) {
      expect(
        (await postStripeEvent(type, { id: 'ch_1', object: 'charge' }, { account: 'acct_L1', id }))
          .statusCode,
      ).toBe(200);
    }
    const expand = fake.sent('GET', '/v1/payment_intents/pi_1')[0]!.query;
    expect(Object.values(expand)).toEqual(
      expect.arrayContaining(['latest_charge.balance_transaction', 'latest_charge.refunds']),
    );

    // The dispute is won: the money comes back as a second row.
    fake.on('GET', '/v1/disputes/dp_1', { body: dispute('won', true) });
    await postStripeEvent('charge.dispute.closed', { id: 'dp_1', object: 'dispute' }, { account: 'acct_L1' });
    await postStripeEvent(
      'charge.dispute.funds_reinstated',
      { id: 'dp_1', object: 'dispute' },
      { account: 'acct_L1' },
    );

    // The payout that carried the refund and the dispute, in transit, then paid.
    const payout = (status: string) => ({
      id: 'po_1',
      object: 'payout',
      amount: 4000,
      currency: 'eur',
      status,
      arrival_date: unix(new Date()),
      created,
    });
    fake.on('GET', '/v1/payouts/po_1', { body: payout('in_transit') });
    fake.on('GET', '/v1/balance_transactions', {
      body: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: 'txn_1',
            type: 'charge',
            amount: 2500,
            source: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1' },
          },
          { id: 'txn_2', type: 'refund', amount: -1000, source: { id: 're_1', object: 'refund' } },
          { id: 'txn_3', type: 'payout', amount: -4000, source: 'po_1' },
        ],
      },
    });
    await postStripeEvent('payout.created', { id: 'po_1', object: 'payout' }, { account: 'acct_L1' });
    const listed = fake.sent('GET', '/v1/balance_transactions')[0]!;
    expect(listed.query).toMatchObject({ payout: 'po_1', 'expand[0]': 'data.source' });
    expect(listed.headers['stripe-account']).toBe('acct_L1');
    fake.on('GET', '/v1/payouts/po_1', { body: payout('paid') });
    await postStripeEvent('payout.paid', { id: 'po_1', object: 'payout' }, { account: 'acct_L1' });
    await postStripeEvent('payout.updated', { id: 'po_1', object: 'payout' }, { account: 'acct_L1' });

    const rows = await ledger(nestId);
    expect(
      rows.map((r) => [
        r.kind,
        r.providerObjectId,
        r.status,
        r.amountCents,
        r.feeCents,
        r.netCents,
        r.providerPayoutId,
      ]),
    ).toEqual([
      ['dispute', 'dp_1', 'won', -2500, 0, -2500, null],
      ['dispute_reversal', 'dp_1', 'succeeded', 2500, 0, 2500, null],
      ['payout', 'po_1', 'paid', -4000, 0, -4000, null],
      ['refund', 're_1', 'succeeded', -1000, -20, -980, 'po_1'],
    ]);
    expect(rows.find((r) => r.kind === 'payout')!.settles).toEqual(['pi_1', 're_1']);
    expect(rows.find((r) => r.kind === 'dispute')!.reason).toBe('fraudulent');
  });

  it('refunds a payment on the connected account with an idempotency key, and maps Stripe’s refusal', async () => {
    const { merchant, nestId } = await stripeMerchant('acct_L2');
    const [payment] = await t.db
      .insert(nestTransactions)
      .values({
        nestId,
        kind: 'payment',
        status: 'succeeded',
        amountCents: 2500,
        feeCents: 50,
        netCents: 2450,
        currency: 'eur',
        provider: 'stripe',
        providerObjectId: 'pi_2',
        providerPaymentId: 'pi_2',
        occurredAt: new Date(),
      })
      .returning();
    fake.on('POST', '/v1/refunds', {
      body: { ...refundObject('re_2', 1200), payment_intent: 'pi_2', status: 'pending' },
    });
    fake.on('GET', '/v1/payment_intents/pi_2', {
      body: { id: 'pi_2', object: 'payment_intent', amount_received: 2500, application_fee_amount: 50 },
    });
    const refund = (m: SignedInMerchant, amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${m.user.id}/stripe/transactions/${payment!.id}/refund`,
        cookies: m.cookies,
        payload: { amount_cents: amount },
      });
    const response = await refund(merchant, 1200);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      refund_id: 're_2',
      amount_cents: 1200,
      currency: 'eur',
      status: 'pending',
    });
    const [sent] = fake.sent('POST', '/v1/refunds');
    expect(sent!.form).toMatchObject({
      payment_intent: 'pi_2',
      amount: '1200',
      refund_application_fee: 'true',
      'metadata[nest_initiated_by]': merchant.user.id,
    });
    expect(sent!.headers['stripe-account']).toBe('acct_L2');
    expect(sent!.headers['idempotency-key']).toMatch(/^nest-refund:/);

    // Stripe reports its processing fee on the charge's balance transaction: the payment's net follows.
    fake.on('GET', '/v1/charges/ch_2', { body: { id: 'ch_2', object: 'charge', payment_intent: 'pi_2' } });
    fake.on('GET', '/v1/payment_intents/pi_2', {
      body: {
        id: 'pi_2',
        object: 'payment_intent',
        status: 'succeeded',
        amount: 2500,
        amount_received: 2500,
        application_fee_amount: 50,
        currency: 'eur',
        created,
        latest_charge: {
          id: 'ch_2',
          object: 'charge',
          payment_intent: 'pi_2',
          balance_transaction: {
            id: 'txn_2',
            object: 'balance_transaction',
            fee: 110,
            fee_details: [
              { type: 'stripe_fee', amount: 60, currency: 'eur' },
              { type: 'application_fee', amount: 50, currency: 'eur' },
            ],
          },
          refunds: { object: 'list', data: [], has_more: false },
        },
      },
    });
    fake.on('GET', '/v1/invoice_payments', { body: { object: 'list', data: [], has_more: false } });
    await postStripeEvent('charge.updated', { id: 'ch_2', object: 'charge' }, { account: 'acct_L2' });
    const [withFee] = await t.db.select().from(nestTransactions).where(eq(nestTransactions.id, payment!.id));
    expect(withFee).toMatchObject({ feeCents: 50, processingFeeCents: 60, netCents: 2390 });

    // Stripe refuses what it already refunded (a refund asked twice in flight): a problem, not a 500.
    fake.on(
      'POST',
      '/v1/refunds',
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: 'Refund amount is greater than unrefunded amount',
      }),
    );
    const refused = await refund(merchant, 1300);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'refund_exceeds_payment' });
    // More than the payment itself never reaches Stripe.
    const before = fake.sent('POST', '/v1/refunds').length;
    expect((await refund(merchant, 2501)).statusCode).toBe(422);
    expect(fake.sent('POST', '/v1/refunds')).toHaveLength(before);
  });
});
