import { createPublicKey, randomUUID, verify } from 'node:crypto';
import type { CheckIn } from '@nest/contracts';
import type { OfflineCheckIn, OfflineSnapshot, OfflineSyncResult } from '@nest/contracts/offline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, nestSubscriptions } from '../../src/db/schema/index.js';
import { SIGNED_PAYLOAD_BYTES } from '../../src/modules/subscriptions/pass-format.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { counterHelpers } from './support.js';

describe('the counter without the network (ADRs 184, 185)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, subscriber, answer, token } = counterHelpers(() => t);

  async function snapshot(merchant: SignedInMerchant): Promise<OfflineSnapshot> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/verifications/offline',
      cookies: merchant.cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json();
  }

  const sync = (merchant: SignedInMerchant, items: OfflineCheckIn[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/verifications/offline',
      cookies: merchant.cookies,
      payload: { check_ins: items },
    });

  async function synced(merchant: SignedInMerchant, items: OfflineCheckIn[]): Promise<OfflineSyncResult> {
    const response = await sync(merchant, items);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const letIn = (subscriptionId: string | null, at = new Date()): OfflineCheckIn => ({
    client_id: randomUUID(),
    subscription_id: subscriptionId,
    checked_at: at.toISOString(),
    result: 'eligible',
    reason: null,
  });

  async function acceptedOffline(merchant: SignedInMerchant): Promise<CheckIn[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/verifications/accepted-offline',
      cookies: merchant.cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().check_ins;
  }

  it('gives the counter the nest’s public key and a compact snapshot of its subscriptions, and nothing to another merchant', async () => {
    const { merchant, offer } = await counter('pro', {
      usage_allowance: { uses: 3, per: 'day' },
      grace_days: 2,
    });
    const active = await subscriber(offer.id);
    const pastDue = await subscriber(offer.id, 'past_due');
    const canceled = await subscriber(offer.id, 'canceled');
    const paused = await subscriber(offer.id);
    const pauseStartsAt = new Date(Date.now() - 86_400_000);
    const pauseEndsAt = new Date(Date.now() + 20 * 86_400_000);
    await t.db
      .update(nestSubscriptions)
      .set({ pauseStartsAt, pauseEndsAt })
      .where(eq(nestSubscriptions.id, paused.id));
    await answer(merchant, { token: await token(active.id) });
    const other = await counter();
    const theirs = await subscriber(other.offer.id);

    const snap = await snapshot(merchant);
    expect(snap.nest_id).toBe(offer.nest_id);
    expect(snap.stale_after_minutes).toBe(10);
    expect(snap.offers).toEqual([{ id: offer.id, name: 'Café illimité', grants: 'One coffee' }]);
    const ids = snap.subscriptions.map((s) => s.id).sort();
    expect(ids).toEqual([active.id, pastDue.id, paused.id].sort());
    // A pause travels with it, so the counter refuses it as paused offline too (ADR 150).
    expect(snap.subscriptions.find((s) => s.id === paused.id)).toMatchObject({
      pause_starts_at: pauseStartsAt.toISOString(),
      pause_ends_at: pauseEndsAt.toISOString(),
    });
    expect(ids).not.toContain(canceled.id);
    expect(ids).not.toContain(theirs.id);
    const mine = snap.subscriptions.find((s) => s.id === active.id)!;
    expect(mine).toMatchObject({
      offer_id: offer.id,
      status: 'active',
      grace_days: 2,
      allowance: { uses: 3, per: 'day' },
      used: 1,
      cancel_at_period_end: false,
      pause_starts_at: null,
      pause_ends_at: null,
    });
    expect(Date.parse(mine.window_ends_at!)).toBeGreaterThan(Date.now());
    expect(Date.parse(mine.last_counted_at!)).toBeLessThanOrEqual(Date.now());
    // No customer's name or email leaves the server in it.
    expect(JSON.stringify(snap)).not.toContain(active.email);

    // The public key verifies the nest's passes, with nothing secret on the device.
    const bytes = Buffer.from(await token(active.id), 'base64url');
    const publicKey = createPublicKey({
      key: Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        Buffer.from(snap.public_key, 'base64url'),
      ]),
      format: 'der',
      type: 'spki',
    });
    expect(
      verify(null, bytes.subarray(0, SIGNED_PAYLOAD_BYTES), publicKey, bytes.subarray(SIGNED_PAYLOAD_BYTES)),
    ).toBe(true);
    const theirSnap = await snapshot(other.merchant);
    expect(theirSnap.public_key).not.toBe(snap.public_key);
    // The storage key is the merchant's for this nest, in every session; another merchant's differs.
    expect((await snapshot(merchant)).storage_key).toBe(snap.storage_key);
    expect(Buffer.from(snap.storage_key, 'base64url')).toHaveLength(32);
    expect(theirSnap.storage_key).not.toBe(snap.storage_key);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me/verifications/offline' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the merchant sets when the snapshot turns amber; bad values are problems', async () => {
    const { merchant } = await counter();
    const put = (payload: unknown, locale = 'en-US') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/nests/me/verifications/offline/settings',
        cookies: merchant.cookies,
        headers: { 'accept-language': locale },
        payload: payload as object,
      });
    const saved = await put({ stale_after_minutes: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await snapshot(merchant)).stale_after_minutes).toBe(30);
    for (const bad of [
      { stale_after_minutes: 0 },
      { stale_after_minutes: 2000 },
      { stale_after_minutes: 'x' },
      {},
    ]) {
      const refused = await put(bad, 'fr-FR');
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json().code).toBe('validation_failed');
    }
    expect((await snapshot(merchant)).stale_after_minutes).toBe(30);
  });

  it('records queued check-ins once however often they are sent, flags one the server would have refused, and keeps refusals', async () => {
    const { merchant, offer } = await counter('pro', {
      reward_rule: { kind: 'check_ins', every: 1, reward_name: 'Free croissant' },
    });
    const good = await subscriber(offer.id);
    const cancelled = await subscriber(offer.id);
    const queue = [
      letIn(good.id, new Date(Date.now() - 3 * 60_000)),
      letIn(cancelled.id, new Date(Date.now() - 2 * 60_000)),
      {
        client_id: randomUUID(),
        subscription_id: null,
        checked_at: new Date(Date.now() - 60_000).toISOString(),
        result: 'not_eligible' as const,
        reason: 'invalid_pass' as const,
      },
    ];
    // Cancelled after the device's snapshot: it said green offline.
    await t.db
      .update(nestSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(nestSubscriptions.id, cancelled.id));

    const first = await synced(merchant, queue);
    expect(first.check_ins.map((c) => c.client_id)).toEqual(queue.map((q) => q.client_id));
    expect(first.check_ins.every((c) => c.created)).toBe(true);
    expect(first.check_ins[0]!.check_in).toMatchObject({
      result: 'eligible',
      offline: true,
      accepted_offline: null,
    });
    expect(first.check_ins[1]!.check_in).toMatchObject({
      result: 'eligible',
      offline: true,
      accepted_offline: 'canceled',
      undo_until: null,
    });
    expect(first.check_ins[2]!.check_in).toMatchObject({ result: 'not_eligible', reason: 'invalid_pass' });
    expect(first.check_ins[0]!.check_in.checked_at).toBe(queue[0]!.checked_at);

    // The connection dropped before the answer: the counter sends it all again, and a new one.
    const later = letIn(good.id);
    const again = await synced(merchant, [...queue, later]);
    expect(again.check_ins.map((c) => c.created)).toEqual([false, false, false, true]);
    expect(again.check_ins[0]!.check_in.id).toBe(first.check_ins[0]!.check_in.id);
    // Two minutes after the first, the later one is a repeat: it uses nothing.
    expect(again.check_ins[3]!.check_in).toMatchObject({ repeat: true, accepted_offline: null });

    const rows = await t.db.select().from(checkIns).where(eq(checkIns.nestId, offer.nest_id));
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.counts)).toHaveLength(1);
    // The reward is earned at sync, for the check-in that counted.
    expect(
      (await answer(merchant, { subscription_id: good.id })).reward?.waiting.map((r) => r.reward_name),
    ).toEqual(['Free croissant']);

    const flagged = await acceptedOffline(merchant);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({ id: first.check_ins[1]!.check_in.id, accepted_offline: 'canceled' });

    // Another merchant neither sees nor reuses them: their subscription ids are not theirs.
    const other = await counter();
    expect(await acceptedOffline(other.merchant)).toEqual([]);
    const foreign = await synced(other.merchant, [letIn(good.id)]);
    expect(foreign.check_ins[0]!.check_in).toMatchObject({
      customer_name: null,
      accepted_offline: 'invalid_pass',
    });
  });

  it('two devices offline at once, one use left: both recorded, one counted, one accepted offline over the allowance', async () => {
    const { merchant, offer } = await counter('starter', { usage_allowance: { uses: 2, per: 'day' } });
    // The three check-ins below fall within the last 30 minutes: `counter` gives the nest a time zone
    // whose day began over an hour ago.
    const sub = await subscriber(offer.id);
    // One use of two already gone this morning, online.
    await answer(merchant, { token: await token(sub.id) });
    await t.db
      .update(checkIns)
      .set({ checkedAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(checkIns.subscriptionId, sub.id));
    const snap = await snapshot(merchant);
    expect(snap.subscriptions.find((s) => s.id === sub.id)).toMatchObject({
      used: 1,
      allowance: { uses: 2 },
    });

    // Each device let the pass in from its own snapshot (1 left), a minute apart.
    const deviceA = letIn(sub.id, new Date(Date.now() - 10 * 60_000));
    const deviceB = letIn(sub.id, new Date(Date.now() - 9 * 60_000));
    const [a, b] = await Promise.all([synced(merchant, [deviceA]), synced(merchant, [deviceB])]);
    const answers = [a.check_ins[0]!.check_in, b.check_ins[0]!.check_in];
    expect(answers.filter((c) => c.accepted_offline === null)).toHaveLength(1);
    expect(answers.filter((c) => c.accepted_offline === 'usage_exhausted')).toHaveLength(1);

    const rows = await t.db.select().from(checkIns).where(eq(checkIns.subscriptionId, sub.id));
    const offline = rows.filter((r) => r.clientId !== null);
    expect(offline).toHaveLength(2);
    expect(offline.filter((r) => r.counts)).toHaveLength(1);
    expect(offline.filter((r) => !r.counts && r.acceptedOffline === 'usage_exhausted')).toHaveLength(1);
    // Sent again by both: nothing more.
    await Promise.all([synced(merchant, [deviceA, deviceB]), synced(merchant, [deviceB, deviceA])]);
    expect(await t.db.select().from(checkIns).where(eq(checkIns.subscriptionId, sub.id))).toHaveLength(3);
    expect((await acceptedOffline(merchant)).map((c) => c.accepted_offline)).toEqual(['usage_exhausted']);
  });

  it('refuses a malformed queue with a problem, recording nothing', async () => {
    const { merchant, offer } = await counter();
    const sub = await subscriber(offer.id);
    for (const payload of [
      [],
      [{ ...letIn(sub.id), client_id: 'not-a-uuid' }],
      [{ ...letIn(sub.id), result: 'maybe' }],
      [{ ...letIn(sub.id), checked_at: 'yesterday' }],
      Array.from({ length: 201 }, () => letIn(sub.id)),
    ]) {
      const response = await sync(merchant, payload as OfflineCheckIn[]);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    expect(await t.db.select().from(checkIns).where(eq(checkIns.subscriptionId, sub.id))).toHaveLength(0);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/verifications/offline',
      payload: { check_ins: [letIn(sub.id)] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
