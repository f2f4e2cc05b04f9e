import { PASS_STEP_SECONDS } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { signPass } from '../../src/modules/subscriptions/pass-sign.js';
import { matchPassCode, verifyPassToken } from '../../src/modules/subscriptions/pass-verify.js';

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

  it('carry a short human code that finds its subscription among candidates, typed loosely', () => {
    const pass = signPass(SECRET, SUBSCRIPTION, at(0));
    expect(pass.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(matchPassCode(SECRET, pass.code, [OTHER, SUBSCRIPTION], at(10))).toBe(SUBSCRIPTION);
    const typed = `${pass.code.slice(0, 4).toLowerCase()}-${pass.code.slice(4)}`;
    expect(matchPassCode(SECRET, typed, [SUBSCRIPTION], at(10))).toBe(SUBSCRIPTION);
    expect(matchPassCode(SECRET, pass.code, [OTHER], at(10))).toBeNull();
    expect(matchPassCode(SECRET, pass.code, [SUBSCRIPTION], at(3 * PASS_STEP_SECONDS))).toBeNull();
    expect(matchPassCode(SECRET, 'ABC', [SUBSCRIPTION], at(0))).toBeNull();
  });
});
