import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobs,
  paymentEvents,
  planInvoices,
  planSubscriptions,
  sandboxSubscriptions,
} from '../../src/db/schema/index.js';
import { advanceClock } from '../../src/payments/sandbox/clock.js';
import { deliverEvent } from '../../src/payments/sandbox/deliver-events.js';
import { runBillingClock } from '../../src/payments/sandbox/renew-subscriptions.js';
import { readMail, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import {
  paidWithoutDelivery,
  pendingEvents,
  postEvent,
  type SandboxEventRow,
  sandboxDeps,
} from './sandbox-events.js';
import { CARDS, subscribe } from './support.js';

describe('the payment webhook handler (sandbox deliveries)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const storedEvents = async (eventId: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, 'sandbox'), eq(paymentEvents.eventId, eventId)))
    )[0]!.n;
  const planOf = async (userId: string) =>
    (await t.db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId)))[0];
  const emailJobs = async (key: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(jobs)
        .where(like(jobs.dedupeKey, `email:${key}%`))
    )[0]!.n;
  const byType = (events: SandboxEventRow[], type: string) => events.find((e) => e.type === type)!;

  it('refuses a tampered body, a wrong secret, a stale or future timestamp, a missing signature: 400, nothing written', async () => {
    const { merchant, events } = await paidWithoutDelivery(t.app);
    const completed = byType(events, 'checkout.session.completed');
    const attempts = [
      postEvent(t.app, completed, { body: (b) => b.replace('"livemode":false', '"livemode":true') }),
      postEvent(t.app, completed, { secret: 'whsec_not_the_right_one' }),
      // Margins well past the 300 s tolerance: a loaded machine may take seconds between signing and checking.
      postEvent(t.app, completed, { signedAt: new Date(Date.now() - 330_000) }),
      postEvent(t.app, completed, { signedAt: new Date(Date.now() + 330_000) }),
      postEvent(t.app, completed, { signature: null }),
      postEvent(t.app, completed, { signature: 't=abc,v1=00' }),
      postEvent(t.app, completed, { signature: `t=${Math.floor(Date.now() / 1000)}` }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().code).toBe('invalid_signature');
    }
    expect(await storedEvents(completed.id)).toBe(0);
    expect((await planOf(merchant.user.id))?.status).toBe('incomplete');

    // Within the five minutes, either way, it is accepted.
    const late = await postEvent(t.app, completed, { signedAt: new Date(Date.now() - 240_000) });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ received: true, duplicate: false });
    expect((await planOf(merchant.user.id))?.status).toBe('active');
  });

  it('applies one event delivered 1,000 times once: one stored event, one state change, one email', {
    timeout: 180_000,
  }, async () => {
    const { merchant, events } = await paidWithoutDelivery(t.app);
    const completed = byType(events, 'checkout.session.completed');
    const first = await postEvent(t.app, completed);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const after = await planOf(merchant.user.id);
    expect(after).toMatchObject({ status: 'active', plan: 'starter' });
    for (let i = 1; i < 1000; i++) {
      const again = await postEvent(t.app, completed);
      expect(again.statusCode).toBe(200);
      if (i % 250 === 0) expect(again.json()).toEqual({ received: true, duplicate: true });
    }
    expect(await storedEvents(completed.id)).toBe(1);
    expect(await planOf(merchant.user.id)).toEqual(after);
    const invoiceId = byType(events, 'invoice.paid').objectId;
    expect(await emailJobs(`plan-receipt:sandbox:${invoiceId}`)).toBe(1);
    const mail = await readMail(t.app, merchant.user.email);
    expect(mail.filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
  });

  it.runIf(testDriver === 'postgres')(
    'applies one event delivered 50 times at once exactly once (PostgreSQL)',
    { timeout: 120_000 },
    async () => {
      const { merchant, events } = await paidWithoutDelivery(t.app);
      const completed = byType(events, 'checkout.session.completed');
      const responses = await Promise.all(Array.from({ length: 50 }, () => postEvent(t.app, completed)));
      expect(responses.every((r) => r.statusCode === 200)).toBe(true);
      expect(responses.filter((r) => r.json().duplicate === false)).toHaveLength(1);
      expect(await storedEvents(completed.id)).toBe(1);
      expect((await planOf(merchant.user.id))?.status).toBe('active');
      const invoiceId = byType(events, 'invoice.paid').objectId;
      expect(await emailJobs(`plan-receipt:sandbox:${invoiceId}`)).toBe(1);
      const mail = await readMail(t.app, merchant.user.email);
      expect(mail.filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
    },
  );

  /** What the app knows about a merchant's plan, without ids and times that differ between merchants. */
  async function canonicalState(userId: string) {
    const plan = (await planOf(userId))!;
    const [sandbox] = await t.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, plan.providerSubscriptionId ?? ''));
    const invoices = await t.db.select().from(planInvoices).where(eq(planInvoices.userId, userId));
    return {
      plan: plan.plan,
      status: plan.status,
      paidThroughPeriodEnd: plan.nextPaymentAt?.getTime() === sandbox?.currentPeriodEnd.getTime(),
      cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
      pendingPlan: plan.pendingPlan,
      invoices: invoices.map((i) => [i.status, i.billingReason, i.amountPaidCents, i.attemptCount]),
    };
  }

  function shuffled<T>(items: T[], seed: number): T[] {
    const copy = [...items];
    let state = seed;
    for (let i = copy.length - 1; i > 0; i--) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const j = state % (i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }

  it('converges to the same state whatever order a checkout’s events arrive in', {
    timeout: 120_000,
  }, async () => {
    const reference = await paidWithoutDelivery(t.app);
    for (const event of reference.events) expect((await postEvent(t.app, event)).statusCode).toBe(200);
    const expected = await canonicalState(reference.merchant.user.id);
    expect(expected).toMatchObject({ status: 'active', plan: 'starter', paidThroughPeriodEnd: true });
    expect(expected.invoices).toEqual([['paid', 'subscription_create', 1900, 1]]);
    expect(reference.events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]);

    const orders = [
      (e: SandboxEventRow[]) => [...e].reverse(),
      ...[7, 42, 1234].map((seed) => (e: SandboxEventRow[]) => shuffled(e, seed)),
    ];
    for (const order of orders) {
      const run = await paidWithoutDelivery(t.app);
      for (const event of order(run.events)) expect((await postEvent(t.app, event)).statusCode).toBe(200);
      expect(await canonicalState(run.merchant.user.id)).toEqual(expected);
      // Each once more, in yet another order: nothing changes.
      for (const event of shuffled(run.events, 99))
        expect((await postEvent(t.app, event)).json().duplicate).toBe(true);
      expect(await canonicalState(run.merchant.user.id)).toEqual(expected);
      const invoiceId = byType(run.events, 'invoice.paid').objectId;
      expect(await emailJobs(`plan-receipt:sandbox:${invoiceId}`)).toBe(1);
    }
  });

  it('converges on a failed renewal too, with the subscription’s update before its invoice’s failure', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant, 'starter', CARDS.failsAtRenewal);
    const deps = sandboxDeps(t.app);
    await t.db.transaction((tx) => advanceClock(tx, merchant.user.id, 31));
    await runBillingClock(deps, { ownerId: merchant.user.id });
    const events = await pendingEvents(t.app, merchant.user.id);
    expect(events.map((e) => e.type)).toContain('invoice.payment_failed');
    for (const event of [...events].reverse()) expect((await postEvent(t.app, event)).statusCode).toBe(200);
    const plan = (await planOf(merchant.user.id))!;
    expect(plan.status).toBe('past_due');
    expect(plan.nextPaymentAt!.getTime()).toBeLessThan(Date.now());
    const failedInvoice = byType(events, 'invoice.payment_failed').objectId;
    expect(await emailJobs(`plan-renewal-failed:sandbox:${failedInvoice}`)).toBe(1);
  });

  it('stores and acknowledges events it does not use, changing nothing', async () => {
    const { events } = await paidWithoutDelivery(t.app);
    const unknown = { ...byType(events, 'invoice.paid'), id: 'evt_unused_1', type: 'invoice.upcoming' };
    const response = await postEvent(t.app, unknown);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await storedEvents('evt_unused_1')).toBe(1);
  });

  it('retries a delivery the receiver refused, until it is accepted', async () => {
    const { events } = await paidWithoutDelivery(t.app);
    const event = events[0]!;
    let status = 500;
    const delivery = { db: t.db, secret: t.app.config.sandboxWebhookSecret, post: async () => status };
    await expect(deliverEvent(delivery, event.id)).rejects.toThrow(/HTTP 500/);
    let [row] = await pendingEvents(t.app, event.ownerId);
    expect(row).toMatchObject({ id: event.id, deliveryAttempts: 1, lastDeliveryError: 'HTTP 500' });
    status = 200;
    expect(await deliverEvent(delivery, event.id)).toBe('delivered');
    expect(await deliverEvent(delivery, event.id)).toBe('skipped');
    [row] = await pendingEvents(t.app, event.ownerId);
    expect(row?.id).not.toBe(event.id);
  });
});
