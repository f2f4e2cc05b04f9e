import { describe, expect, it } from 'vitest';
import type { StoredSnapshot } from './store';
import { checkPassOffline, countLocally, offlineVerdict } from './verdict';

const NEST = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SUB = '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60';
const now = new Date('2026-11-24T10:00:00Z');
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const hex = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');

async function signed(nestId: string, subscriptionId: string, at: Date) {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const payload = Buffer.alloc(37);
  payload[0] = 2;
  hex(nestId).copy(payload, 1);
  hex(subscriptionId).copy(payload, 17);
  payload.writeUInt32BE(Math.floor(at.getTime() / 30_000), 33);
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, payload));
  const publicKey = b64url(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey)));
  return { token: b64url(Buffer.concat([payload, signature])), publicKey };
}

type Entry = StoredSnapshot['subscriptions'][number];
const entry = (over: Partial<Entry> = {}): Entry => ({
  id: SUB,
  offer_id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  status: 'active',
  current_period_start: '2026-11-01T00:00:00Z',
  current_period_end: '2026-12-01T00:00:00Z',
  cancel_at_period_end: false,
  pause_starts_at: null,
  pause_ends_at: null,
  grace_days: 0,
  allowance: null,
  used: 0,
  window_ends_at: null,
  last_counted_at: null,
  ...over,
});

describe('the counter offline', () => {
  it('checks a pass with the nest’s public key only: a changed bit, another nest or an old pass is refused', async () => {
    const { token, publicKey } = await signed(NEST, SUB, now);
    const snapshot = { nest_id: NEST, public_key: publicKey };
    expect(await checkPassOffline(token, snapshot, now)).toEqual({ ok: true, subscriptionId: SUB });
    const bytes = Buffer.from(token, 'base64url');
    for (const index of [0, 5, 20, 35, 40, 100]) {
      const changed = Buffer.from(bytes);
      changed[index] = changed[index]! ^ 0x04;
      expect((await checkPassOffline(b64url(changed), snapshot, now)).ok).toBe(false);
    }
    const other = await signed('9e8d7c6b-5a49-4837-a625-140f2e3d4c5b', SUB, now);
    expect(await checkPassOffline(other.token, snapshot, now)).toEqual({ ok: false, reason: 'invalid_pass' });
    expect(await checkPassOffline(token, snapshot, new Date(now.getTime() + 5 * 60_000))).toEqual({
      ok: false,
      reason: 'expired_pass',
    });
    expect(await checkPassOffline(b64url(Buffer.alloc(37, 1)), snapshot, now)).toEqual({
      ok: false,
      reason: 'online_only',
    });
    expect(await checkPassOffline('not a pass', snapshot, now)).toEqual({
      ok: false,
      reason: 'invalid_pass',
    });
  });

  it('gives the API’s verdict from the snapshot: green, amber in grace, red, used up, repeat', () => {
    expect(offlineVerdict(entry(), now)).toMatchObject({ result: 'eligible', counts: true });
    expect(offlineVerdict(undefined, now)).toMatchObject({ result: 'not_eligible', reason: 'canceled' });
    expect(offlineVerdict(entry({ status: 'past_due', grace_days: 30 }), now)).toMatchObject({
      result: 'grace',
      reason: 'past_due',
      counts: true,
    });
    expect(offlineVerdict(entry({ status: 'past_due' }), now)).toMatchObject({ result: 'not_eligible' });
    expect(offlineVerdict(entry({ current_period_end: '2026-11-20T00:00:00Z' }), now)).toMatchObject({
      reason: 'ended',
    });
    const allowance = { uses: 1, per: 'day' as const };
    const window_ends_at = '2026-11-25T00:00:00Z';
    expect(offlineVerdict(entry({ allowance, used: 1, window_ends_at }), now)).toMatchObject({
      result: 'not_eligible',
      reason: 'usage_exhausted',
    });
    // The day the snapshot counted is over: the allowance is whole again.
    expect(
      offlineVerdict(entry({ allowance, used: 1, window_ends_at: '2026-11-24T00:00:00Z' }), now),
    ).toMatchObject({
      result: 'eligible',
      usage: { used: 1, left: 0 },
    });
    expect(offlineVerdict(entry({ last_counted_at: '2026-11-24T09:58:00Z' }), now)).toMatchObject({
      result: 'eligible',
      repeat: true,
      counts: false,
    });
  });

  it('refuses a paused subscription as paused inside its pause, and lets it in before and after', () => {
    const pause = { pause_starts_at: '2026-11-20T00:00:00Z', pause_ends_at: '2026-12-20T00:00:00Z' };
    expect(offlineVerdict(entry(pause), now)).toMatchObject({
      result: 'not_eligible',
      reason: 'paused',
      counts: false,
    });
    expect(offlineVerdict(entry({ ...pause, pause_starts_at: '2026-11-25T00:00:00Z' }), now)).toMatchObject({
      result: 'eligible',
    });
    expect(offlineVerdict(entry({ ...pause, pause_ends_at: '2026-11-24T10:00:00Z' }), now)).toMatchObject({
      result: 'eligible',
    });
    // Past due stays past due, never softened to a pause.
    expect(offlineVerdict(entry({ ...pause, status: 'past_due' }), now)).toMatchObject({
      reason: 'past_due',
    });
  });

  it('counts its own check-ins, so the next scan sees the allowance used', () => {
    const allowance = { uses: 1, per: 'day' as const };
    const snapshot = {
      nest_id: NEST,
      public_key: '',
      generated_at: now.toISOString(),
      stale_after_minutes: 10,
      offers: [],
      subscriptions: [entry({ allowance, window_ends_at: '2026-11-25T00:00:00Z' })],
    } satisfies StoredSnapshot;
    const after = countLocally(snapshot, SUB, now);
    const later = new Date(now.getTime() + 10 * 60_000);
    expect(offlineVerdict(after.subscriptions[0], later)).toMatchObject({ reason: 'usage_exhausted' });
  });
});
