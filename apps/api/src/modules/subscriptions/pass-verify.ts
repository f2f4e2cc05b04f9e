import { timingSafeEqual } from 'node:crypto';
import { PASS_CODE_LENGTH } from '@nest/contracts';
import {
  MAC_BYTES,
  macOf,
  normalizePassCode,
  PASS_VERSION,
  PAYLOAD_BYTES,
  passCode,
  passStep,
  passToken,
  TOKEN_BYTES,
  uuidOf,
} from './pass-format.js';

export type PassCheck =
  | { ok: true; subscriptionId: string; step: number }
  | { ok: false; reason: 'malformed' | 'invalid_signature' | 'expired' | 'not_yet_valid' };

/** A pass is good in the step it was signed in and the next one: between 30 and 60 seconds. */
function stepVerdict(step: number, now: Date): 'ok' | 'expired' | 'not_yet_valid' {
  const current = passStep(now);
  if (step > current) return 'not_yet_valid';
  if (step < current - 1) return 'expired';
  return 'ok';
}

/**
 * Reads a scanned pass token: which subscription it is for, if the signature is ours and it is
 * still fresh. The signature is checked before the time, so a forged token never learns anything.
 */
export function verifyPassToken(secret: string, token: string, now: Date = new Date()): PassCheck {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'malformed' };
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== TOKEN_BYTES || bytes.readUInt8(0) !== PASS_VERSION) {
    return { ok: false, reason: 'malformed' };
  }
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const mac = bytes.subarray(PAYLOAD_BYTES);
  if (mac.length !== MAC_BYTES || !timingSafeEqual(mac, macOf(secret, payload))) {
    return { ok: false, reason: 'invalid_signature' };
  }
  const step = payload.readUInt32BE(17);
  const verdict = stepVerdict(step, now);
  if (verdict !== 'ok') return { ok: false, reason: verdict };
  return { ok: true, subscriptionId: uuidOf(payload.subarray(1, 17)), step };
}

/**
 * A typed human code, checked against the passes the given subscriptions have now (this step and
 * the previous one). Answers the subscription whose pass it is, or null. The code alone does not
 * name a subscription: the counter narrows the candidates first (the nest's subscribers).
 */
export function matchPassCode(
  secret: string,
  code: string,
  subscriptionIds: readonly string[],
  now: Date = new Date(),
): string | null {
  const wanted = Buffer.from(normalizePassCode(code));
  if (wanted.length !== PASS_CODE_LENGTH) return null;
  const current = passStep(now);
  for (const subscriptionId of subscriptionIds) {
    for (const step of [current, current - 1]) {
      const code = passCode(passToken(secret, subscriptionId, step));
      if (timingSafeEqual(Buffer.from(code), wanted)) return subscriptionId;
    }
  }
  return null;
}
