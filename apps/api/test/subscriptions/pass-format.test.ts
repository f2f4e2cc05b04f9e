import { randomUUID } from 'node:crypto';
import { PASS_STEP_SECONDS } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { codeLookupIn, codeLookupOf, passCode } from '../../src/modules/subscriptions/pass-format.js';
import { signPass } from '../../src/modules/subscriptions/pass-sign.js';
import { codeLookupsOf, verifyPassToken } from '../../src/modules/subscriptions/pass-verify.js';

const SECRET = 'pass-secret-for-tests-pass-secret-for-tests';
const SUBSCRIPTION = '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const at = (seconds: number) => new Date(Date.UTC(2025, 2, 14, 9, 0, 0) + seconds * 1000);

describe('passes', () => {
  it('name their subscription and are good for the step they were made in and the next', () => {
    const pass = signPass(SECRET, SUBSCRIPTION, at(0));
    expect(pass.token).toMatch(/^[A-Za-z0-9_-]{50}$/);
    expect(pass.refreshAt.getTime() - at(0).getTime()).toBeLessThanOrEqual(PASS_STEP_SECONDS * 1000);
    expect(verifyPassToken(SECRET, pass.token, at(0))).toEqual({
      ok: true,
      subscriptionId: SUBSCRIPTION,
      step: pass.step,
    });
    expect(verifyPassToken(SECRET, pass.token, new Date(pass.expiresAt.getTime() - 1)).ok).toBe(true);
    expect(verifyPassToken(SECRET, pass.token, pass.expiresAt)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyPassToken(SECRET, pass.token, at(-PASS_STEP_SECONDS))).toEqual({
      ok: false,
      reason: 'not_yet_valid',
    });
  });

  it('change every step, so a screenshot stops working', () => {
    const a = signPass(SECRET, SUBSCRIPTION, at(0));
    const b = signPass(SECRET, SUBSCRIPTION, at(PASS_STEP_SECONDS));
    expect(a.token).not.toBe(b.token);
    expect(a.code).not.toBe(b.code);
    expect(signPass(SECRET, SUBSCRIPTION, at(1)).token).toBe(signPass(SECRET, SUBSCRIPTION, at(2)).token);
  });

  it('refuse a forged, altered or foreign token', () => {
    const pass = signPass(SECRET, SUBSCRIPTION, at(0));
    expect(verifyPassToken('another-secret-another-secret-another', pass.token, at(0))).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
    // Another subscription's id in the payload, with the original signature.
    const bytes = Buffer.from(pass.token, 'base64url');
    Buffer.from(OTHER.replaceAll('-', ''), 'hex').copy(bytes, 1);
    expect(verifyPassToken(SECRET, bytes.toString('base64url'), at(0)).ok).toBe(false);
    for (const junk of ['', 'not a token', 'AAAA', `${pass.token}A`, pass.token.slice(0, -2)]) {
      expect(verifyPassToken(SECRET, junk, at(0))).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('carry a short human code that names its subscription’s lookup, typed loosely', () => {
    const pass = signPass(SECRET, SUBSCRIPTION, at(0));
    const lookup = codeLookupOf(SUBSCRIPTION);
    expect(pass.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    // This step's pass names the lookup first; in the next step, as the previous step's pass.
    expect(codeLookupsOf(SECRET, pass.code, at(10))[0]).toBe(lookup);
    expect(codeLookupsOf(SECRET, pass.code, at(PASS_STEP_SECONDS))[1]).toBe(lookup);
    const typed = `${pass.code.slice(0, 4).toLowerCase()}-${pass.code.slice(4)}`
      .replace(/1/g, 'l')
      .replace(/0/g, 'o');
    expect(codeLookupsOf(SECRET, typed, at(10))[0]).toBe(lookup);
    expect(codeLookupsOf(SECRET, pass.code, at(3 * PASS_STEP_SECONDS))).not.toContain(lookup);
    expect(codeLookupsOf('another-secret-another-secret-another', pass.code, at(10))).not.toContain(lookup);
    for (const junk of ['ABC', 'ABCDEFGHJ', 'UUUUUUUU', ''])
      expect(codeLookupsOf(SECRET, junk, at(0))).toEqual([]);
  });

  it('are a permutation: every 8-character code turns back into the lookup it was made from', () => {
    for (let i = 0; i < 200; i++) {
      const id = randomUUID();
      const step = 1000 + i;
      expect(codeLookupIn(SECRET, passCode(SECRET, id, step), step)).toBe(codeLookupOf(id));
    }
    // The first 40 bits of SHA-256 over the id's 16 bytes, as the database computes them.
    expect(codeLookupOf(SUBSCRIPTION)).toBe(954350984241);
  });
});
