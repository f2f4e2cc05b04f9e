import { sign, timingSafeEqual } from 'node:crypto';
import {
  codeLookupIn,
  MAC_BYTES,
  macOf,
  normalizePassCode,
  PASS_VERSION,
  PAYLOAD_BYTES,
  passStep,
  SIGNED_PASS_VERSION,
  SIGNED_PAYLOAD_BYTES,
  SIGNED_TOKEN_BYTES,
  TOKEN_BYTES,
  uuidOf,
} from './pass-format.js';
import { nestPassKey } from './pass-keys.js';

export type PassCheck =
  | {
      ok: true;
      subscriptionId: string;
      /** The nest whose key signed it; null for a token of the HMAC format (it names no nest). */
      nestId: string | null;
      step: number;
    }
  | { ok: false; reason: 'malformed' | 'invalid_signature' }
  | {
      /** Genuine, but not of this moment: the ids are told so the counter can say "expired" to its own nest only. */
      ok: false;
      reason: 'expired' | 'not_yet_valid';
      subscriptionId: string;
      nestId: string | null;
    };

/**
 * Until when tokens of the first format (HMAC, version 1) are still accepted (ADR 183): the API has
 * signed passes with the nest's Ed25519 key since this change, and a pass lives at most 60 s, so the
 * window only needs to cover screens still holding an old pass and processes of a rolling deploy
 * still signing the old way. `PASS_HMAC_ACCEPTED_UNTIL` moves it.
 */
export const DEFAULT_HMAC_ACCEPTED_UNTIL = new Date('2027-01-31T00:00:00Z');

export interface PassVerifyOptions {
  /** HMAC tokens are refused from this instant (`invalid_signature`, like a forged one). */
  hmacAcceptedUntil?: Date;
}

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
export function verifyPassToken(
  secret: string,
  token: string,
  now: Date = new Date(),
  options: PassVerifyOptions = {},
): PassCheck {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'malformed' };
  const bytes = Buffer.from(token, 'base64url');
  // base64url that does not round-trip (stray bits in the last character) is not one of ours.
  if (bytes.toString('base64url') !== token) return { ok: false, reason: 'malformed' };
  if (bytes.length === SIGNED_TOKEN_BYTES && bytes.readUInt8(0) === SIGNED_PASS_VERSION) {
    return verifySigned(secret, bytes, now);
  }
  if (bytes.length !== TOKEN_BYTES || bytes.readUInt8(0) !== PASS_VERSION) {
    return { ok: false, reason: 'malformed' };
  }
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const mac = bytes.subarray(PAYLOAD_BYTES);
  const until = options.hmacAcceptedUntil ?? DEFAULT_HMAC_ACCEPTED_UNTIL;
  if (now.getTime() >= until.getTime()) return { ok: false, reason: 'invalid_signature' };
  if (mac.length !== MAC_BYTES || !timingSafeEqual(mac, macOf(secret, payload))) {
    return { ok: false, reason: 'invalid_signature' };
  }
  const step = payload.readUInt32BE(17);
  const subscriptionId = uuidOf(payload.subarray(1, 17));
  const verdict = stepVerdict(step, now);
  if (verdict !== 'ok') return { ok: false, reason: verdict, subscriptionId, nestId: null };
  return { ok: true, subscriptionId, nestId: null, step };
}

/**
 * A version 2 token: the signature with the key of the nest it names, then the time. The server holds
 * the nest's private key and Ed25519 signs deterministically (RFC 8032), so the one signature it
 * issued for these bytes is computed again and compared: a third of the cost of verifying it with the
 * public key, on every scan at the counter (ADR 217). It accepts exactly the tokens this server
 * signed; counter devices, which hold only the public key, verify.
 */
function verifySigned(secret: string, bytes: Buffer, now: Date): PassCheck {
  const payload = bytes.subarray(0, SIGNED_PAYLOAD_BYTES);
  const signature = bytes.subarray(SIGNED_PAYLOAD_BYTES);
  const nestId = uuidOf(payload.subarray(1, 17));
  const issued = sign(null, payload, nestPassKey(secret, nestId).privateKey);
  if (!timingSafeEqual(issued, signature)) return { ok: false, reason: 'invalid_signature' };
  const subscriptionId = uuidOf(payload.subarray(17, 33));
  const step = payload.readUInt32BE(33);
  const verdict = stepVerdict(step, now);
  if (verdict !== 'ok') return { ok: false, reason: verdict, subscriptionId, nestId };
  return { ok: true, subscriptionId, nestId, step };
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

/** The migration window as the configuration sets it (ADR 183), for `verifyPassToken`'s options. */
export function hmacWindow(config: { PASS_HMAC_ACCEPTED_UNTIL?: string | undefined }): PassVerifyOptions {
  return config.PASS_HMAC_ACCEPTED_UNTIL
    ? { hmacAcceptedUntil: new Date(config.PASS_HMAC_ACCEPTED_UNTIL) }
    : {};
}
