import type {
  CreateOfferBody,
  CustomerSubscription,
  MerchantCustomerDetail,
  Verification,
} from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me, signInCustomer } from '../customers/support.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { advanceClock, CARDS } from '../payments/support.js';
import { passToken } from '../verification/support.js';
import { checkoutSubscriber, customerDetail } from './support.js';

const DAY = 24 * 60 * 60 * 1000;

/** ADR 150: pausing a subscription for a number of periods, by the merchant or the customer. */
describe('pausing a subscription (sandbox provider and its test clock)', { timeout: 300_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const subscriber = (options: { card?: string; offer?: Partial<CreateOfferBody> } = {}) =>
    checkoutSubscriber(t, { emailTag: 'pause', ...options });
  type Subscriber = Awaited<ReturnType<typeof subscriber>>;

  const detail = (merchant: SignedInMerchant, customerId: string) => customerDetail(t, merchant, customerId);

  const pause = (
    merchant: SignedInMerchant,
    ids: { customerId: string; subscriptionId: string },
    payload: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${ids.customerId}/subscriptions/${ids.subscriptionId}/pause`,
      cookies: merchant.cookies,
      headers,
      payload: payload as object,
    });

  const resume = (
    merchant: SignedInMerchant,
    ids: { customerId: string; subscriptionId: string },
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/v1/nests/me/nest-customers/${ids.customerId}/subscriptions/${ids.subscriptionId}/pause`,
      cookies: merchant.cookies,
      headers,
    });

  async function atCounter(s: Subscriber): Promise<Verification> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/verifications',
      cookies: s.merchant.cookies,
      payload: { token: await passToken(t, s.subscriptionId) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function customerArea(email: string) {
    const cookies = await signInCustomer(t.app, email);
    const response = await me(t.app, cookies);
    expect(response.statusCode, response.body).toBe(200);
    return { cookies, subscriptions: response.json().subscriptions as CustomerSubscription[] };
  }

  const paidInvoices = (d: MerchantCustomerDetail) => d.invoices.filter((i) => i.status === 'paid').length;

  it('skips the paused period without an invoice, refuses at the counter as paused, then resumes and bills by itself', async () => {
    const s = await subscriber();
    const before = await detail(s.merchant, s.customerId);
    const periodEnd = before.subscriptions[0]!.current_period_end!;

    const response = await pause(s.merchant, s, { periods: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const paused = response.json() as MerchantCustomerDetail;
    const window = paused.subscriptions[0]!.pause!;
    // The period already paid runs to its end; one period is skipped after it.
    expect(window.starts_at).toBe(periodEnd);
    const lengthDays = (Date.parse(window.ends_at) - Date.parse(window.starts_at)) / DAY;
    expect(lengthDays).toBeGreaterThanOrEqual(28);
    expect(lengthDays).toBeLessThanOrEqual(31);
    expect(paused.history.map((e) => [e.kind, e.actor])).toEqual([
      ['paused', 'merchant'],
      ['created', 'customer'],
    ]);
    expect(paused.history[0]!.actor_merchant_id).toBe(s.merchant.user.id);
    // Still in the paid period: let in.
    expect((await atCounter(s)).result).toBe('eligible');

    // Into the paused period: no invoice, refused as paused until the end of the pause.
    await advanceClock(t.app, s.merchant, 32);
    const during = await detail(s.merchant, s.customerId);
    expect(paidInvoices(during)).toBe(1);
    expect(during.invoices).toHaveLength(1);
    expect(during.subscriptions[0]).toMatchObject({ status: 'active' });
    expect(during.subscriptions[0]!.pause).not.toBeNull();
    const verdict = await atCounter(s);
    expect(verdict).toMatchObject({ result: 'not_eligible', reason: 'paused' });
    // The sandbox's dates come back in real time: the end moved back by the days skipped.
    expect(verdict.subscription!.paused_until).toBe(during.subscriptions[0]!.pause!.ends_at);
    const area = await customerArea(s.email);
    expect(area.subscriptions[0]!.pause).toEqual(during.subscriptions[0]!.pause);
    expect(area.subscriptions[0]!.next_payment_at).toBe(during.subscriptions[0]!.pause!.ends_at);
    // The customers table says so too: the pause, and the next payment at its end.
    const table = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/nest-customers/find',
      cookies: s.merchant.cookies,
      payload: { query: s.email, sort: 'next_payment' },
    });
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json().rows[0]).toMatchObject({
      pause: during.subscriptions[0]!.pause,
      next_payment_at: during.subscriptions[0]!.pause!.ends_at,
    });

    // Paused, it is not in MRR.
    const summary = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${s.merchant.user.id}/stripe/summary`,
      cookies: s.merchant.cookies,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(JSON.stringify(summary.json())).toContain('"mrr_cents":0,');

    // The pause ends: the renewal is billed and paid, the counter lets them in, the history says so.
    await advanceClock(t.app, s.merchant, 31);
    const after = await detail(s.merchant, s.customerId);
    expect(after.subscriptions[0]!.pause).toBeNull();
    expect(paidInvoices(after)).toBe(2);
    expect((await atCounter(s)).result).toBe('eligible');
    expect(after.history.map((e) => [e.kind, e.actor])).toEqual([
      ['renewed', 'provider'],
      ['resumed', 'provider'],
      ['paused', 'merchant'],
      ['created', 'customer'],
    ]);
  });

  it('lets the merchant end a pause early; the next renewal bills again', async () => {
    const s = await subscriber();
    expect((await pause(s.merchant, s, { periods: 3 })).statusCode).toBe(200);
    await advanceClock(t.app, s.merchant, 32);
    expect((await atCounter(s)).reason).toBe('paused');
    const response = await resume(s.merchant, s);
    expect(response.statusCode, response.body).toBe(200);
    const resumed = response.json() as MerchantCustomerDetail;
    expect(resumed.subscriptions[0]!.pause).toBeNull();
    expect(resumed.history[0]).toMatchObject({ kind: 'resumed', actor: 'merchant' });
    expect((await atCounter(s)).result).toBe('eligible');
    await advanceClock(t.app, s.merchant, 31);
    expect(paidInvoices(await detail(s.merchant, s.customerId))).toBe(2);

    // Nothing to resume now: a clear problem, in the caller's language.
    const again = await resume(s.merchant, s, { 'accept-language': 'fr-FR' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'not_paused', title: 'Pas en pause' });
  });

  it('refuses to pause twice, a subscription ending at period end, past due, in its trial or ended, with a clear problem', async () => {
    const s = await subscriber();
    expect((await pause(s.merchant, s, { periods: 1 })).statusCode).toBe(200);
    const twice = await pause(s.merchant, s, { periods: 2 }, { 'accept-language': 'en-US' });
    expect(twice.statusCode).toBe(409);
    expect(twice.headers['content-type']).toContain('application/problem+json');
    expect(twice.json()).toMatchObject({ code: 'already_paused', title: 'Already paused' });
    const twiceFr = await pause(s.merchant, s, { periods: 2 }, { 'accept-language': 'fr-FR' });
    expect(twiceFr.json()).toMatchObject({ code: 'already_paused', title: 'Déjà en pause' });

    // Paused, then cancelled now: ended, and no pause shown any more.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${s.customerId}/subscriptions/${s.subscriptionId}/cancellation`,
      cookies: s.merchant.cookies,
      payload: { when: 'now' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as MerchantCustomerDetail).subscriptions[0]).toMatchObject({
      status: 'canceled',
      pause: null,
    });
    const ended = await pause(s.merchant, s, { periods: 1 });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('pause_not_active');

    const ending = await subscriber();
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${ending.customerId}/subscriptions/${ending.subscriptionId}/cancellation`,
      cookies: ending.merchant.cookies,
      payload: { when: 'period_end' },
    });
    const cancelling = await pause(ending.merchant, ending, { periods: 1 }, { 'accept-language': 'fr-FR' });
    expect(cancelling.statusCode).toBe(409);
    expect(cancelling.json()).toMatchObject({
      code: 'pause_cancelling',
      title: 'Abonnement en fin de période',
    });

    const late = await subscriber({ card: CARDS.failsAtRenewal });
    await advanceClock(t.app, late.merchant, 32);
    const pastDue = await pause(late.merchant, late, { periods: 1 });
    expect(pastDue.statusCode).toBe(409);
    expect(pastDue.json()).toMatchObject({ code: 'pause_past_due', title: 'Payment overdue' });

    const trial = await subscriber({ offer: { trial_days: 14 } });
    const trialing = await pause(trial.merchant, trial, { periods: 1 });
    expect(trialing.statusCode).toBe(409);
    expect(trialing.json().code).toBe('pause_trialing');
    // None of the refusals wrote anything.
    for (const who of [ending, late, trial]) {
      const d = await detail(who.merchant, who.customerId);
      expect(d.subscriptions[0]!.pause).toBeNull();
      expect(d.history.map((e) => e.kind)).not.toContain('paused');
    }
  });

  it('answers a bad number of periods with a 400 problem in English and French', async () => {
    const s = await subscriber();
    for (const payload of [{ periods: 0 }, { periods: 13 }, { periods: 1.5 }, { periods: 'two' }, {}]) {
      const en = await pause(s.merchant, s, payload, { 'accept-language': 'en-US' });
      expect(en.statusCode, JSON.stringify(payload)).toBe(400);
      expect(en.headers['content-type']).toContain('application/problem+json');
      expect(en.json().code).toBe('validation_failed');
      const fr = await pause(s.merchant, s, payload, { 'accept-language': 'fr-FR' });
      expect(fr.statusCode).toBe(400);
      expect(fr.json().title).not.toBe(en.json().title);
    }
    expect((await detail(s.merchant, s.customerId)).subscriptions[0]!.pause).toBeNull();
  });

  it('is 404 for another nest’s subscription or customer, and 401 to a visitor', async () => {
    const mine = await subscriber();
    const theirs = await subscriber();
    expect((await pause(mine.merchant, theirs, { periods: 1 })).statusCode).toBe(404);
    expect(
      (
        await pause(
          mine.merchant,
          { customerId: mine.customerId, subscriptionId: theirs.subscriptionId },
          { periods: 1 },
        )
      ).statusCode,
    ).toBe(404);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/${theirs.merchant.offer.nest_id}/nest-customers/${theirs.customerId}/subscriptions/${theirs.subscriptionId}/pause`,
      cookies: mine.merchant.cookies,
      payload: { periods: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await pause(theirs.merchant, theirs, { periods: 1 })).statusCode).toBe(200);
    expect((await resume(mine.merchant, theirs)).statusCode).toBe(404);
    expect((await detail(theirs.merchant, theirs.customerId)).subscriptions[0]!.pause).not.toBeNull();
    expect((await pause(mine.merchant, { ...mine, customerId: '..%2F..' }, { periods: 1 })).statusCode).toBe(
      404,
    );
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${mine.customerId}/subscriptions/${mine.subscriptionId}/pause`,
      payload: { periods: 1 },
    });
    expect(visitor.statusCode).toBe(401);
    const visitorResume = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/nests/me/nest-customers/${mine.customerId}/subscriptions/${mine.subscriptionId}/pause`,
    });
    expect(visitorResume.statusCode).toBe(401);
  });

  it('lets the customer pause from their area only as far as the offer allows, and take it back before it begins', async () => {
    const s = await subscriber();
    const { cookies } = await customerArea(s.email);
    const customerPause = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/nest-customers/me/subscriptions/${s.subscriptionId}/pause`,
        cookies,
        headers,
        payload: payload as object,
      });
    const customerResume = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/nest-customers/me/subscriptions/${s.subscriptionId}/pause`,
        cookies,
      });

    // Off by default.
    const off = await customerPause({ periods: 1 }, { 'accept-language': 'fr-FR' });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'pause_not_offered', title: 'Pause non proposée' });

    const allowed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${s.merchant.offer.id}`,
      cookies: s.merchant.cookies,
      payload: { customer_pause_max_periods: 2 },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().customer_pause_max_periods).toBe(2);
    const { subscriptions } = await customerArea(s.email);
    expect(subscriptions[0]!.pause_max_periods).toBe(2);

    const tooLong = await customerPause({ periods: 3 }, { 'accept-language': 'en-US' });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({ code: 'pause_too_long' });
    expect(tooLong.json().detail).toContain('2');

    const paused = await customerPause({ periods: 2 });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((paused.json() as CustomerSubscription).pause).not.toBeNull();
    expect((await detail(s.merchant, s.customerId)).history[0]).toMatchObject({
      kind: 'paused',
      actor: 'customer',
      actor_merchant_id: null,
    });
    // Not begun yet: the customer may take it back.
    const taken = await customerResume();
    expect(taken.statusCode, taken.body).toBe(200);
    expect((taken.json() as CustomerSubscription).pause).toBeNull();

    // Once begun, only the merchant can end it early.
    expect((await customerPause({ periods: 1 })).statusCode).toBe(200);
    await advanceClock(t.app, s.merchant, 32);
    const started = await customerResume();
    expect(started.statusCode).toBe(409);
    expect(started.json().code).toBe('pause_started');

    // Another customer's subscription is nobody's.
    const other = await subscriber();
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nest-customers/me/subscriptions/${other.subscriptionId}/pause`,
      cookies,
      payload: { periods: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await customerPause({ periods: 0 }, { 'accept-language': 'fr-FR' });
    expect(bad.statusCode).toBe(400);
  });
});
