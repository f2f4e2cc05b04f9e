import { createHash, createHmac } from 'node:crypto';
import { PASS_CODE_LENGTH, PASS_STEP_SECONDS } from '@nest/contracts';

/**
 * A pass token is 37 bytes, base64url (50 characters, small enough for a dense-free QR code):
 * a format version, the subscription id (16 bytes), the time step (uint32), and the first 16
 * bytes of HMAC-SHA256 over those 21 bytes with the pass secret.
 */
export const PASS_VERSION = 1;
export const PAYLOAD_BYTES = 1 + 16 + 4;
export const MAC_BYTES = 16;
export const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;

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

/** The token of a subscription's pass in a given step (deterministic: the same inputs, the same token). */
export function passToken(secret: string, subscriptionId: string, step: number): string {
  const payload = payloadOf(subscriptionId, step);
  return Buffer.concat([payload, macOf(secret, payload)]).toString('base64url');
}

/** 16 bytes back to the canonical uuid text. */
export function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The human code of a token: its SHA-256 read as Crockford base32 (40 bits in 8 characters).
 * Derived from the token, so it changes with it and cannot be made without the secret.
 */
export function passCode(token: string): string {
  const digest = createHash('sha256').update(token).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = PASS_CODE_LENGTH - 1; i >= 0; i--) code += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** A typed code in canonical form: upper case, separators dropped, Crockford's look-alikes mapped. */
export function normalizePassCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}
