import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestTransactions, sandboxEvents } from '../../src/db/schema/index.js';
import { deliverAgain } from '../checkout/support.js';
import { uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  createLinkFor,
  type SellingMerchant,
  sellingMerchant,
  subscribeThroughLink,
} from '../links/support.js';
import { advanceClock } from '../payments/support.js';

describe('the ledger in the sandbox: payments, refunds and payouts from the provider’s events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const ledger = (nestId: string) =>
    t.db
      .select()
      .from(nestTransactions)
      .where(eq(nestTransactions.nestId, nestId))
      .orderBy(asc(nestTransactions.occurredAt), asc(nestTransactions.kind));

  /** The rows as the merchant would read them: no ids or write times. */
  const shape = (rows: Awaited<ReturnType<typeof ledger>>) =>
    rows
      .map((r) => ({
        kind: r.kind,
        status: r.status,
        amount: r.amountCents,
        fee: r.feeCents,
        net: r.netCents,
        object: r.providerObjectId,
        payment: r.providerPaymentId,
        payout: r.providerPayoutId,
        settles: r.settles,
        subscription: r.subscriptionId,
        customer: r.customerId,
        by: r.initiatedBy,
      }))
      .sort((a, b) => `${a.kind}${a.object}`.localeCompare(`${b.kind}${b.object}`));

  async function paidCustomer(merchant: SellingMerchant) {
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    await subscribeThroughLink(t.app, link.nest_link_id, { email: uniqueEmail('buyer') });
    const [payment] = (await ledger(merchant.offer.nest_id)).filter((r) => r.kind === 'payment');
    return payment!;
  }

  const refund = (merchant: SellingMerchant, id: string, amount: number, lang = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${merchant.user.id}/stripe/transactions/${id}/refund`,
      cookies: merchant.cookies,
      headers: { 'accept-language': lang },
      payload: { amount_cents: amount, reason: 'requested_by_customer' },
    });

  const transactions = (merchant: SellingMerchant, query = '') =>
    t.app.inject({
      url: `/api/v1/users/${merchant.user.id}/stripe/transactions${query}`,
      cookies: merchant.cookies,
    });

  it('records a partial refund once, with who asked, and refuses more than is left, in both languages', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 2500 } });
    const payment = await paidCustomer(merchant);
    expect(payment).toMatchObject({ amountCents: 2500, feeCents: 50, netCents: 2450, status: 'succeeded' });
    expect(payment.providerPaymentId).toMatch(/^py_/);

    const asked = await refund(merchant, payment.id, 1000);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ amount_cents: 1000, currency: 'eur', status: 'succeeded' });
    await t.app.jobs.drain();
    const refunds = (await ledger(merchant.offer.nest_id)).filter((r) => r.kind === 'refund');
    expect(refunds).toHaveLength(1);
    // 2 % of 10.00 € of the platform's fee comes back with it: the balance loses 9.80 €.
    expect(refunds[0]).toMatchObject({
      amountCents: -1000,
      feeCents: -20,
      netCents: -980,
      status: 'succeeded',
      subscriptionId: payment.subscriptionId,
      customerId: payment.customerId,
      providerPaymentId: payment.providerPaymentId,
      initiatedBy: merchant.user.id,
      reason: 'requested_by_customer',
    });

    // The provider's event again (a redelivery, and another event about the same charge): still one row.
    const [event] = await t.db
      .select()
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.ownerId, merchant.user.id), eq(sandboxEvents.type, 'charge.refunded')));
    expect((await deliverAgain(t.app, event!)).json()).toMatchObject({ duplicate: true });
    expect((await deliverAgain(t.app, event!, `${event!.id}_again`)).statusCode).toBe(200);
    expect((await ledger(merchant.offer.nest_id)).filter((r) => r.kind === 'refund')).toHaveLength(1);

    // 15.00 € is left: 15.01 € is refused, in the caller's language, and nothing is refunded.
    const tooMuch = await refund(merchant, payment.id, 1501);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.headers['content-type']).toContain('application/problem+json');
    expect(tooMuch.json()).toMatchObject({ code: 'refund_exceeds_payment' });
    expect(tooMuch.json().detail).toContain('€15.00');
    const tropFr = await refund(merchant, payment.id, 1501, 'fr-FR');
    expect(tropFr.statusCode).toBe(422);
    expect(tropFr.json().title).toBe('Remboursement trop élevé');
    expect(tropFr.json().detail).toMatch(/15,00\s€/);

    // The rest is refunded; then nothing is left.
    expect((await refund(merchant, payment.id, 1500)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const page = (await transactions(merchant, '?kind=payment')).json();
    expect(page.transactions).toHaveLength(1);
    expect(page.transactions[0]).toMatchObject({ id: payment.id, refundable_cents: 0 });
    expect((await refund(merchant, payment.id, 1)).statusCode).toBe(422);
    const rows = (await ledger(merchant.offer.nest_id)).filter((r) => r.kind === 'refund');
    expect(rows.map((r) => r.amountCents).sort()).toEqual([-1000, -1500]);
    // The fee shares add up to the whole fee: never a cent more or less than was taken.
    expect(rows.reduce((sum, r) => sum + r.feeCents, 0)).toBe(-50);

    // A refund is not refundable; a bad amount is a validation problem.
    expect((await refund(merchant, rows[0]!.id, 1)).json()).toMatchObject({ code: 'not_refundable' });
    expect((await refund(merchant, payment.id, 0)).json()).toMatchObject({ code: 'validation_failed' });
  });

  it('pays out the balance on the schedule: the payout equals the rows it settles, and moves to paid', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 2500 } });
    const payment = await paidCustomer(merchant);
    expect((await refund(merchant, payment.id, 1000)).statusCode).toBe(200);
    await t.app.jobs.drain();
    // Daily payouts: the next payout day takes the balance, two days later it is in the bank.
    await advanceClock(t.app, merchant, 1);
    let rows = await ledger(merchant.offer.nest_id);
    const payout = rows.find((r) => r.kind === 'payout')!;
    expect(payout).toMatchObject({ amountCents: -1470, netCents: -1470, status: 'pending' });
    const settled = rows.filter((r) => r.providerPayoutId === payout.providerObjectId);
    expect(settled.map((r) => r.kind).sort()).toEqual(['payment', 'refund']);
    expect(settled.reduce((sum, r) => sum + r.netCents, 0)).toBe(-payout.amountCents);
    expect([...(payout.settles ?? [])].sort()).toEqual(settled.map((r) => r.providerObjectId).sort());

    await advanceClock(t.app, merchant, 3);
    rows = await ledger(merchant.offer.nest_id);
    const payouts = rows.filter((r) => r.kind === 'payout');
    expect(payouts).toHaveLength(1);
    expect(payouts[0]!.status).toBe('paid');

    // The pending payout the dashboard reads is zero once it is paid.
    const page = (await transactions(merchant, '?kind=payout')).json();
    expect(page.transactions).toMatchObject([{ kind: 'payout', status: 'paid', amount_cents: -1470 }]);
  });

  it('ends in the same rows whatever order the events arrive in', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 3000 } });
    const payment = await paidCustomer(merchant);
    expect((await refund(merchant, payment.id, 700)).statusCode).toBe(200);
    await t.app.jobs.drain();
    await advanceClock(t.app, merchant, 1);
    const before = shape(await ledger(merchant.offer.nest_id));
    expect(before.map((r) => r.kind).sort()).toEqual(['payment', 'payout', 'refund']);

    // Forget the ledger, then deliver the events again newest first: payout, refund, then the payment.
    await t.db.delete(nestTransactions).where(eq(nestTransactions.nestId, merchant.offer.nest_id));
    const events = await t.db
      .select()
      .from(sandboxEvents)
      .where(eq(sandboxEvents.ownerId, merchant.user.id))
      .orderBy(asc(sandboxEvents.seq));
    const reversed = events.filter((e) => e.accountId).reverse();
    for (const event of reversed) {
      const response = await deliverAgain(t.app, event, `${event.id}_replayed`);
      expect(response.statusCode).toBe(200);
      const rows = await ledger(merchant.offer.nest_id);
      // The refund came before its payment: it is in the ledger already, its customer not yet known.
      if (event.type === 'charge.refunded') {
        expect(rows.find((r) => r.kind === 'refund')).toMatchObject({
          amountCents: -700,
          subscriptionId: null,
        });
      }
    }
    expect(shape(await ledger(merchant.offer.nest_id))).toEqual(before);
  });

  it('allows 20 refunds an hour per merchant, then answers 429 with Retry-After', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 5000 } });
    const payment = await paidCustomer(merchant);
    for (let i = 0; i < 20; i++) expect((await refund(merchant, payment.id, 10)).statusCode).toBe(200);
    const limited = await refund(merchant, payment.id, 10);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.app.jobs.drain();
    expect((await ledger(merchant.offer.nest_id)).filter((r) => r.kind === 'refund')).toHaveLength(20);
  });

  it('pages and filters the ledger, and refuses another merchant’s id or transaction', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 1200 } });
    const second = await sellingMerchant(t.app, { offer: { amount_cents: 900 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    for (let i = 0; i < 3; i++) {
      await subscribeThroughLink(t.app, link.nest_link_id, { email: uniqueEmail(`page${i}`) });
    }
    const payment = (await ledger(merchant.offer.nest_id)).find((r) => r.kind === 'payment')!;
    await refund(merchant, payment.id, 200);
    await t.app.jobs.drain();

    const all = (await transactions(merchant)).json();
    expect(all.transactions.map((r: { kind: string }) => r.kind).sort()).toEqual([
      'payment',
      'payment',
      'payment',
      'refund',
    ]);
    const first = (await transactions(merchant, '?limit=2')).json();
    expect(first.transactions).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = (await transactions(merchant, `?limit=2&cursor=${first.next_cursor}`)).json();
    expect(rest.transactions).toHaveLength(2);
    expect(rest.next_cursor).toBeNull();
    const ids = [...first.transactions, ...rest.transactions].map((r: { id: string }) => r.id);
    expect(ids).toEqual(all.transactions.map((r: { id: string }) => r.id));
    // Newest first.
    const times = all.transactions.map((r: { occurred_at: string }) => r.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await transactions(merchant, '?kind=refund')).json().transactions).toMatchObject([
      {
        kind: 'refund',
        amount_cents: -200,
        offer: { id: merchant.offer.id },
        customer: { id: payment.customerId },
      },
    ]);
    expect((await transactions(merchant, `?offer_id=${merchant.offer.id}`)).json().transactions).toHaveLength(
      4,
    );
    expect((await transactions(merchant, `?offer_id=${second.offer.id}`)).json().transactions).toHaveLength(
      0,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await transactions(merchant, '?from=2020-01-01&to=2020-12-31')).json().transactions).toEqual([]);
    expect((await transactions(merchant, `?from=2020-01-01&to=2099-01-01`)).json().transactions).toHaveLength(
      4,
    );
    expect((await transactions(merchant, `?from=${today}&to=2020-01-01`)).json()).toMatchObject({
      code: 'validation_failed',
    });
    expect((await transactions(merchant, '?cursor=bm9wZQ')).statusCode).toBe(400);
    // A day that does not exist is the caller's mistake, not the database's.
    const noSuchDay = await transactions(merchant, '?from=2026-02-30');
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'from' }] });
    expect((await transactions(merchant, '?kind=gift')).statusCode).toBe(400);

    // Another merchant's id, and another nest's payment.
    const foreign = await t.app.inject({
      url: `/api/v1/users/${merchant.user.id}/stripe/transactions`,
      cookies: second.cookies,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignRefund = await refund(second, payment.id, 100);
    expect(foreignRefund.statusCode).toBe(404);
    const foreignRefundOwnId = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${merchant.user.id}/stripe/transactions/${payment.id}/refund`,
      cookies: second.cookies,
      payload: { amount_cents: 100 },
    });
    expect(foreignRefundOwnId.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/v1/users/${merchant.user.id}/stripe/transactions` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the nest’s customer invoices, paged and filtered by status and date', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { amount_cents: 1100 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Counter');
    await subscribeThroughLink(t.app, link.nest_link_id, { email: uniqueEmail('inv1') });
    await subscribeThroughLink(t.app, link.nest_link_id, { email: uniqueEmail('inv2') });
    const list = (query = '') =>
      t.app.inject({
        url: `/api/v1/users/${merchant.user.id}/stripe/invoices${query}`,
        cookies: merchant.cookies,
      });
    const all = (await list()).json();
    expect(all.invoices).toHaveLength(2);
    expect(all.invoices[0]).toMatchObject({
      status: 'paid',
      amount_paid_cents: 1100,
      offer: { id: merchant.offer.id },
      customer: { email: expect.stringMatching(/inv/) },
    });
    const first = (await list('?limit=1')).json();
    const next = (await list(`?limit=1&cursor=${first.next_cursor}`)).json();
    expect([first.invoices[0].id, next.invoices[0].id]).toEqual(
      all.invoices.map((i: { id: string }) => i.id),
    );
    expect(next.next_cursor).toBeNull();
    expect((await list('?status=open')).json().invoices).toEqual([]);
    expect((await list('?status=paid')).json().invoices).toHaveLength(2);
    expect((await list('?from=2020-01-01&to=2020-01-31')).json().invoices).toEqual([]);
    expect((await list('?status=draft')).statusCode).toBe(400);
    // The merchant's own plan invoices moved to their own call.
    const plan = await t.app.inject({
      url: `/api/v1/users/${merchant.user.id}/plan/invoices`,
      cookies: merchant.cookies,
    });
    expect(plan.statusCode).toBe(200);
    const other = await sellingMerchant(t.app, { payouts: false });
    const foreign = await t.app.inject({
      url: `/api/v1/users/${merchant.user.id}/stripe/invoices`,
      cookies: other.cookies,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
