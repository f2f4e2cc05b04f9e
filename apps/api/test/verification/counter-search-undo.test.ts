import type { CheckIn, CounterSearchResult, NestCustomer } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, rewards } from '../../src/db/schema/index.js';
import { customerEmail, me, signInCustomer } from '../customers/support.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addSubscriber } from '../offers/support.js';
import { counterHelpers } from './support.js';

describe('the counter: find a customer without their phone, undo a check-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, answer, verify, token, ageCheckIns } = counterHelpers(() => t);

  const search = (merchant: SignedInMerchant, q: string, lang = 'en-US') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/nests/me/verifications/customers?q=${encodeURIComponent(q)}`,
      cookies: merchant.cookies,
      headers: { 'accept-language': lang },
    });
  const undo = (merchant: SignedInMerchant, id: string, lang = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/verifications/${id}/undo`,
      cookies: merchant.cookies,
      headers: { 'accept-language': lang },
    });

  it('finds the nest’s customers by part of the name or email, with each subscription’s verdict, never another nest’s', async () => {
    const { merchant, offer } = await counter('pro', { usage_allowance: { uses: 1, per: 'day' } });
    const email = customerEmail('ines.dupont');
    const active = await addSubscriber(t.app, offer.id, { email, name: 'Inès Dupont', status: 'active' });
    const second = await counter('pro');
    // The same person also subscribes elsewhere, and another nest has a namesake: neither shows here.
    await addSubscriber(t.app, second.offer.id, { email, name: 'Inès Dupont', status: 'active' });
    await addSubscriber(t.app, second.offer.id, {
      email: customerEmail('other'),
      name: 'Inès Dupontel',
      status: 'active',
    });

    const byName = await search(merchant, 'dupont');
    expect(byName.statusCode, byName.body).toBe(200);
    const found = byName.json<CounterSearchResult>().customers;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: 'Inès Dupont', email });
    expect(found[0]!.subscriptions).toEqual([
      expect.objectContaining({
        id: active.subscription_id,
        result: 'eligible',
        reason: null,
        usage_left: 1,
      }),
    ]);
    expect((await search(merchant, email.slice(0, 12).toUpperCase())).json().customers).toHaveLength(1);
    expect((await search(merchant, 'nobody-here')).json().customers).toEqual([]);
    // `%` is a character, not a wildcard.
    expect((await search(merchant, '%%')).json().customers).toEqual([]);
    // The other nest finds its own two, never this nest's subscription.
    const theirs = (await search(second.merchant, 'dupont')).json<CounterSearchResult>().customers;
    expect(theirs).toHaveLength(2);
    expect(theirs.flatMap((c) => c.subscriptions.map((s) => s.id))).not.toContain(active.subscription_id);

    // Picked from the search: checked in by id, and the search then says the allowance is used up.
    const picked = await answer(merchant, { subscription_id: active.subscription_id });
    expect(picked).toMatchObject({ result: 'eligible', usage: { left: 0 } });
    expect((await search(merchant, 'dupont')).json().customers[0].subscriptions[0]).toMatchObject({
      result: 'not_eligible',
      reason: 'usage_exhausted',
    });
    // Another nest's subscription id is 404, and nothing is recorded for it.
    const foreign = await verify(second.merchant, { subscription_id: active.subscription_id });
    expect(foreign.statusCode).toBe(404);

    const short = await search(merchant, 'a', 'fr-FR');
    expect(short.statusCode).toBe(400);
    expect(short.headers['content-type']).toContain('application/problem+json');
    expect(short.json().errors[0].field).toBe('q');
    expect(short.json().title).toMatch(/[a-z]/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/nests/me/verifications/customers?q=ab' }))
        .statusCode,
    ).toBe(401);
    expect((await verify(merchant, { subscription_id: 'nope' })).statusCode).toBe(400);
  });

  it('undo within 2 minutes gives back the use and the reward; recorded, not deleted; late and twice refused', async () => {
    const { merchant, offer } = await counter('pro', {
      usage_allowance: { uses: 1, per: 'day' },
      reward_rule: { kind: 'check_ins', every: 1, reward_name: 'Free tea' },
    });
    const email = customerEmail('undo');
    const added = await addSubscriber(t.app, offer.id, { email, status: 'active' });
    const subId = added.subscription_id;
    const first = await answer(merchant, { token: await token(subId) });
    expect(first).toMatchObject({ result: 'eligible', usage: { left: 0 }, reward: { earned_now: true } });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/verifications',
      cookies: merchant.cookies,
    });
    const listed = list.json().check_ins[0] as CheckIn;
    expect(listed.undo_until).not.toBeNull();

    const other = await counter('pro');
    expect((await undo(other.merchant, first.id)).statusCode).toBe(404);

    const undone = await undo(merchant, first.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ id: first.id, undo_until: null, result: 'eligible' });
    expect(undone.json().undone_at).not.toBeNull();
    const [row] = await t.db.select().from(checkIns).where(eq(checkIns.id, first.id));
    expect(row).toMatchObject({ counts: false, undoneBy: merchant.user.id });
    expect(await t.db.select().from(rewards).where(eq(rewards.subscriptionId, subId))).toEqual([]);

    const twice = await undo(merchant, first.id, 'fr-FR');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'check_in_not_undoable', title: 'Rien à annuler' });

    // The allowance is back, and the reward is earned again by the next check-in (no repeat now).
    const again = await answer(merchant, { token: await token(subId) });
    expect(again).toMatchObject({
      result: 'eligible',
      repeat: false,
      usage: { left: 0 },
      reward: { earned_now: true },
    });
    const cookies = await signInCustomer(t.app, email);
    const area = (await me(t.app, cookies)).json() as NestCustomer;
    expect(area.subscriptions[0]!.usage).toMatchObject({ used: 1, left: 0 });
    expect(area.subscriptions[0]!.rewards).toHaveLength(1);

    await ageCheckIns(subId, 3 * 60 * 1000);
    const late = await undo(merchant, again.id, 'fr-FR');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'undo_too_late', title: 'Trop tard pour annuler' });
    const lateEn = await undo(merchant, again.id);
    expect(lateEn.json().detail).toBe(
      'A check-in can be undone only within 2 minutes. This one stays recorded.',
    );

    // A refusal used nothing: nothing to undo.
    const refused = await answer(merchant, { code: 'ZZZZ9999' });
    expect((await undo(merchant, refused.id)).json().code).toBe('check_in_not_undoable');
    expect((await undo(merchant, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('undo of a check-in whose reward was already handed over keeps the reward', async () => {
    const { merchant, offer } = await counter('pro', {
      reward_rule: { kind: 'check_ins', every: 1, reward_name: 'Free tea' },
    });
    const added = await addSubscriber(t.app, offer.id, { status: 'active' });
    const first = await answer(merchant, { token: await token(added.subscription_id) });
    const rewardId = first.reward!.waiting[0]!.id;
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/rewards/${rewardId}/redeem`,
      cookies: merchant.cookies,
    });
    expect((await undo(merchant, first.id)).statusCode).toBe(200);
    const kept = await t.db.select().from(rewards).where(eq(rewards.id, rewardId));
    expect(kept).toHaveLength(1);
    // Progress went back to 0, and reaching the milestone again earns nothing twice.
    const again = await answer(merchant, { token: await token(added.subscription_id) });
    expect(again.reward).toMatchObject({ earned_now: false, waiting: [] });
  });
});
