import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_LENGTH } from '@nest/contracts';

/**
 * Six digits: the friendliest to type on a phone. With 5 tries per code and rate limits per email and
 * per address, guessing one is 5 in a million per email sent (ADR 080).
 */
export function generateLoginCode(): string {
  return String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
}

/** The key codes are hashed with, derived from the session secret so a leaked table cannot be walked offline. */
export function loginCodeKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('nest customer login codes').digest();
}

/** Bound to the email, so a code is worth nothing for any other address. */
export function hashLoginCode(key: Buffer, email: string, code: string): string {
  return createHmac('sha256', key).update(`${email.trim().toLowerCase()}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
