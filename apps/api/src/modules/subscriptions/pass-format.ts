import { createHash, createHmac, sign } from 'node:crypto';
import { PASS_CODE_LENGTH, PASS_STEP_SECONDS } from '@nest/contracts';
import { nestPassKey, uuidBytes } from './pass-keys.js';

/**
 * The first pass token format (HMAC, ADR 081), still accepted during the migration window
 * (ADR 183): 37 bytes, base64url (50 characters): version 1, the subscription id (16 bytes), the
 * time step (uint32), and the first 16 bytes of HMAC-SHA256 over those 21 bytes with the pass secret.
 */
export const PASS_VERSION = 1;
export const PAYLOAD_BYTES = 1 + 16 + 4;
export const MAC_BYTES = 16;
export const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;

/**
 * The signed pass token (ADR 183): 101 bytes, base64url (135 characters, still a small QR code):
 * version 2, the nest id (16 bytes), the subscription id (16 bytes), the time step (uint32), and
 * the Ed25519 signature (64 bytes) of those 37 bytes with the nest's key. Anyone holding the nest's
 * public key can check it; only the API can make one.
 */
export const SIGNED_PASS_VERSION = 2;
export const SIGNED_PAYLOAD_BYTES = 1 + 16 + 16 + 4;
export const SIGNATURE_BYTES = 64;
export const SIGNED_TOKEN_BYTES = SIGNED_PAYLOAD_BYTES + SIGNATURE_BYTES;

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The 30-second time step an instant falls in. */
export function passStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / PASS_STEP_SECONDS);
}

export const stepStart = (step: number) => new Date(step * PASS_STEP_SECONDS * 1000);

export function payloadOf(subscriptionId: string, step: number): Buffer {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(PASS_VERSION, 0);
  Buffer.from(subscriptionId.replaceAll('-', ''), 'hex').copy(payload, 1);
  payload.writeUInt32BE(step, 17);
  return payload;
}

export function macOf(secret: string, payload: Buffer): Buffer {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, MAC_BYTES);
}

/** The HMAC token of a subscription's pass in a given step (the format of the migration window). */
export function passToken(secret: string, subscriptionId: string, step: number): string {
  const payload = payloadOf(subscriptionId, step);
  return Buffer.concat([payload, macOf(secret, payload)]).toString('base64url');
}

export function signedPayloadOf(nestId: string, subscriptionId: string, step: number): Buffer {
  const payload = Buffer.alloc(SIGNED_PAYLOAD_BYTES);
  payload.writeUInt8(SIGNED_PASS_VERSION, 0);
  uuidBytes(nestId).copy(payload, 1);
  uuidBytes(subscriptionId).copy(payload, 17);
  payload.writeUInt32BE(step, 33);
  return payload;
}

/**
 * The signed token of a subscription's pass in a given step, with its nest's key (Ed25519 is
 * deterministic: the same inputs, the same token).
 */
export function signedPassToken(
  secret: string,
  nestId: string,
  subscriptionId: string,
  step: number,
): string {
  const payload = signedPayloadOf(nestId, subscriptionId, step);
  const signature = sign(null, payload, nestPassKey(secret, nestId).privateKey);
  return Buffer.concat([payload, signature]).toString('base64url');
}

/** 16 bytes back to the canonical uuid text. */
export function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A subscription's code lookup: the first 40 bits of SHA-256 over its id (the database computes the same). */
export function codeLookupOf(subscriptionId: string): number {
  const id = Buffer.from(subscriptionId.replaceAll('-', ''), 'hex');
  return createHash('sha256').update(id).digest().readUIntBE(0, 5);
}

const HALF_BITS = 20;
const HALF_MASK = (1 << HALF_BITS) - 1;
const ROUNDS = 10;
/** Keeps the round inputs apart from token payloads (whose MACs are public). */
const ROUND_TAG = 0x43;

function round(secret: string, step: number, index: number, half: number): number {
  const input = Buffer.alloc(9);
  input.writeUInt8(ROUND_TAG, 0);
  input.writeUInt32BE(step, 1);
  input.writeUInt8(index, 5);
  input.writeUIntBE(half, 6, 3);
  return createHmac('sha256', secret).update(input).digest().readUIntBE(0, 3) & HALF_MASK;
}

/**
 * A permutation of the 40-bit numbers keyed by the pass secret and the step (a Feistel network with
 * HMAC rounds): a code can be turned back into a lookup with the secret, and into nothing without it.
 */
function permute(secret: string, step: number, value: number, inverse: boolean): number {
  let left = Math.floor(value / 2 ** HALF_BITS);
  let right = value % 2 ** HALF_BITS;
  if (inverse) [left, right] = [right, left];
  for (let i = 0; i < ROUNDS; i++) {
    [left, right] = [right, left ^ round(secret, step, inverse ? ROUNDS - 1 - i : i, right)];
  }
  if (inverse) [left, right] = [right, left];
  return left * 2 ** HALF_BITS + right;
}

/**
 * The human code of a subscription's pass in a step: its code lookup permuted with the secret and
 * the step, read as Crockford base32 (40 bits in 8 characters). It changes every step, cannot be
 * made without the secret, and the counter finds its subscription with one indexed query (ADR 108).
 */
export function passCode(secret: string, subscriptionId: string, step: number): string {
  let bits = permute(secret, step, codeLookupOf(subscriptionId), false);
  let code = '';
  for (let i = 0; i < PASS_CODE_LENGTH; i++) {
    code = CROCKFORD[bits % 32] + code;
    bits = Math.floor(bits / 32);
  }
  return code;
}

/** The code lookup a typed code names if it was made in the given step, or null if it is no code. */
export function codeLookupIn(secret: string, code: string, step: number): number | null {
  if (code.length !== PASS_CODE_LENGTH) return null;
  let bits = 0;
  for (const char of code) {
    const digit = CROCKFORD.indexOf(char);
    if (digit < 0) return null;
    bits = bits * 32 + digit;
  }
  return permute(secret, step, bits, true);
}

/** A typed code in canonical form: upper case, separators dropped, Crockford's look-alikes mapped. */
export function normalizePassCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}
