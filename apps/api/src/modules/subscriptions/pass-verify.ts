import { timingSafeEqual } from 'node:crypto';
import {
  codeLookupIn,
  MAC_BYTES,
  macOf,
  normalizePassCode,
  PASS_VERSION,
  PAYLOAD_BYTES,
  passStep,
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
 * The code lookups a typed human code names: the first if it is a pass of this step, the second if
 * of the previous one (a pass lives up to two steps). Nothing for what cannot be a code. The code
 * alone does not name a subscription: the counter looks these up among the nest's subscribers.
 */
export function codeLookupsOf(secret: string, code: string, now: Date = new Date()): number[] {
  const current = passStep(now);
  const normalized = normalizePassCode(code);
  const lookups = [current, current - 1].map((step) => codeLookupIn(secret, normalized, step));
  return lookups.every((lookup) => lookup !== null) ? (lookups as number[]) : [];
}
