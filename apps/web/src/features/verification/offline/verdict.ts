import {
  CHECK_IN_REPEAT_SECONDS,
  PASS_STEP_SECONDS,
  type UsageAllowance,
  type VerificationReason,
  type VerificationResultKind,
} from '@nest/contracts';
import { fromBase64url, type StoredSnapshot } from './store';

/** The signed pass format (ADR 183): version, nest id, subscription id, step, Ed25519 signature. */
const SIGNED_VERSION = 2;
const PAYLOAD_BYTES = 37;
const TOKEN_BYTES = 101;
/** As the API: the offer's renewal may arrive up to 2 hours after the period ends. */
const RENEWAL_GRACE_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function uuidOf(bytes: Uint8Array): string {
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type OfflinePass =
  | { ok: true; subscriptionId: string }
  | { ok: false; reason: 'invalid_pass' | 'expired_pass' | 'online_only' };

/**
 * Checks a scanned token with the nest's public key only (WebCrypto Ed25519). A token of the old
 * HMAC format cannot be checked without the server: `online_only`. The device's clock may be a
 * little off: one step of tolerance either way beyond the API's (ADR 184).
 */
export async function checkPassOffline(
  token: string,
  snapshot: Pick<StoredSnapshot, 'nest_id' | 'public_key'>,
  now: Date,
): Promise<OfflinePass> {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'invalid_pass' };
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64url(token);
  } catch {
    return { ok: false, reason: 'invalid_pass' };
  }
  if (bytes.length === 37 && bytes[0] === 1) return { ok: false, reason: 'online_only' };
  if (bytes.length !== TOKEN_BYTES || bytes[0] !== SIGNED_VERSION)
    return { ok: false, reason: 'invalid_pass' };
  const payload = bytes.slice(0, PAYLOAD_BYTES);
  if (uuidOf(payload.slice(1, 17)) !== snapshot.nest_id) return { ok: false, reason: 'invalid_pass' };
  let valid = false;
  try {
    const key = await crypto.subtle.importKey(
      'raw',
      fromBase64url(snapshot.public_key),
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    valid = await crypto.subtle.verify({ name: 'Ed25519' }, key, bytes.slice(PAYLOAD_BYTES), payload);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'invalid_pass' };
  const step = new DataView(payload.buffer).getUint32(33);
  const current = Math.floor(now.getTime() / 1000 / PASS_STEP_SECONDS);
  if (step < current - 2 || step > current + 1) return { ok: false, reason: 'expired_pass' };
  return { ok: true, subscriptionId: uuidOf(payload.slice(17, 33)) };
}

type Entry = StoredSnapshot['subscriptions'][number];

export interface OfflineVerdict {
  result: VerificationResultKind;
  reason: VerificationReason | null;
  repeat: boolean;
  /** It uses the allowance (the device counts it until the server does). */
  counts: boolean;
  graceUntil: string | null;
  usage: { allowance: UsageAllowance; used: number; left: number } | null;
}

/** Uses of the allowance in the current window: none once the window the snapshot counted is over. */
export function usedNow(entry: Entry, now: Date): number {
  if (entry.window_ends_at && Date.parse(entry.window_ends_at) <= now.getTime()) return 0;
  return entry.used;
}

/**
 * The counter's answer from the snapshot, as the API would give it (DESIGN.md §5, ADRs 130, 134):
 * green when active or trialing and paid through (a renewal may be two hours late) and not inside a
 * pause (ADR 150), amber when past
 * due within the offer's grace days, red otherwise; red too when the allowance is used up; a second
 * scan within 5 minutes is a repeat and uses nothing. A subscription missing from the snapshot had
 * no pass when it was taken: red, `canceled`.
 */
export function offlineVerdict(entry: Entry | undefined, now: Date): OfflineVerdict {
  const refuse = (reason: VerificationReason): OfflineVerdict => ({
    result: 'not_eligible',
    reason,
    repeat: false,
    counts: false,
    graceUntil: null,
    usage: null,
  });
  if (!entry) return refuse('canceled');
  const end = entry.current_period_end ? Date.parse(entry.current_period_end) : null;
  let result: VerificationResultKind = 'eligible';
  let reason: VerificationReason | null = null;
  let graceUntil: string | null = null;
  if (entry.status === 'active' || entry.status === 'trialing') {
    const pausedFrom = entry.pause_starts_at ? Date.parse(entry.pause_starts_at) : null;
    const pausedUntil = entry.pause_ends_at ? Date.parse(entry.pause_ends_at) : null;
    if (end === null) reason = 'ended';
    else if (
      pausedFrom !== null &&
      pausedUntil !== null &&
      pausedFrom <= now.getTime() &&
      now.getTime() < pausedUntil
    ) {
      reason = 'paused';
    } else if (
      end <= now.getTime() &&
      (entry.cancel_at_period_end || now.getTime() - end >= RENEWAL_GRACE_MS)
    ) {
      reason = 'ended';
    }
  } else if (entry.status === 'past_due') {
    reason = 'past_due';
    const since = entry.current_period_start ?? entry.current_period_end;
    const until = since ? Date.parse(since) + entry.grace_days * DAY_MS : 0;
    if (entry.grace_days > 0 && until > now.getTime()) {
      result = 'grace';
      graceUntil = new Date(until).toISOString();
    }
  } else {
    reason = entry.status === 'unpaid' ? 'unpaid' : entry.status === 'incomplete' ? 'incomplete' : 'canceled';
  }
  if (reason !== null && result !== 'grace') result = 'not_eligible';
  const allowance = entry.allowance;
  const used = usedNow(entry, now);
  const repeat =
    result !== 'not_eligible' &&
    entry.last_counted_at !== null &&
    now.getTime() - Date.parse(entry.last_counted_at) < CHECK_IN_REPEAT_SECONDS * 1000;
  if (allowance && result !== 'not_eligible' && used >= allowance.uses) {
    result = 'not_eligible';
    reason = 'usage_exhausted';
  }
  const counts = result !== 'not_eligible' && !repeat;
  const after = counts ? used + 1 : used;
  return {
    result,
    reason,
    repeat: repeat && result !== 'not_eligible',
    counts,
    graceUntil: result === 'grace' ? graceUntil : null,
    usage: allowance ? { allowance, used: after, left: Math.max(0, allowance.uses - after) } : null,
  };
}

/** The snapshot with this device's check-in counted in, so the next scan sees it. */
export function countLocally(snapshot: StoredSnapshot, subscriptionId: string, now: Date): StoredSnapshot {
  return {
    ...snapshot,
    subscriptions: snapshot.subscriptions.map((entry) =>
      entry.id === subscriptionId
        ? {
            ...entry,
            used: usedNow(entry, now) + 1,
            // A window that ended since the snapshot: the new one's end is unknown, so keep counting.
            window_ends_at:
              entry.window_ends_at && Date.parse(entry.window_ends_at) <= now.getTime()
                ? null
                : entry.window_ends_at,
            last_counted_at: now.toISOString(),
          }
        : entry,
    ),
  };
}
